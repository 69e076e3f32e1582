//! ai-chat's integration tests: one test binary (linking one per file dominated `make test`),
//! a module per area.

mod chat;
mod independent;
mod retrieval;
