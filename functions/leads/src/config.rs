//! What `leads` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Leads; the CSV export also behind a streaming function URL, which serves only requests
/// carrying CloudFront's `X-Origin-Verify` secret; portal imports (the file through the
/// uploads bucket, the import's record filed in the vault), read and applied by the same
/// binary as the investments stream's worker.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, Activity, Leads, Forms, Profiles, Impersonations, ImpersonationActions, LeadStats, PlatformStats, Investments, VaultRecords],
    vault: true,
    vault_uploads: true,
    import_jobs: true,
    access_tokens: true,
    client_address: true,
    response_streaming: true,
    ..Needs::NONE
};
