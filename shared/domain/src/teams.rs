//! Companies and their teams: who may do what in a company (one role matrix, read by every
//! route through `shared::http::member`), how many seats a plan includes, and the rules of a
//! membership change (the last owner stays; nobody raises their own role; only an owner makes
//! or unmakes an owner).
//!
//! A company (the issuer) owns the forms, leads, campaigns, vault and offering; a user is a
//! member of one or more companies with one role in each. Every account made before teams
//! existed owns one company whose id is the account's own id, so its data stays where it is.

use serde::{Deserialize, Serialize};

use crate::Invalid;

/// A member's role in one company (spec: owner, admin, member, counsel, viewer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Owner,
    Admin,
    Member,
    Counsel,
    Viewer,
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Owner, Role::Admin, Role::Member, Role::Counsel, Role::Viewer];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Admin => "admin",
            Role::Member => "member",
            Role::Counsel => "counsel",
            Role::Viewer => "viewer",
        }
    }

    /// What Settings → Team shows under the role's name.
    pub fn summary(self) -> &'static str {
        match self {
            Role::Owner => "Everything, including billing, transferring ownership and deleting the company.",
            Role::Admin => "Everything but billing and ownership: team, offering, sending campaigns.",
            Role::Member => "Forms, leads and campaign drafts.",
            Role::Counsel => "Reads everything and approves what investors see; cannot send or delete.",
            Role::Viewer => "Read-only.",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Invalid> {
        Role::ALL
            .into_iter()
            .find(|role| role.as_str() == text.trim())
            .ok_or_else(|| Invalid::new("invalid_role", "Choose a role: owner, admin, member, counsel or viewer."))
    }
}

/// Everything a route can ask of a role. Each owner route names one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Forms, leads, campaigns, the vault, insights, Sparky: anything that only reads.
    Read,
    /// Download investor data (leads CSV, vault export).
    Export,
    /// Create, edit, publish, archive and delete forms.
    EditForms,
    /// Change a lead's temperature, delete a lead.
    EditLeads,
    /// Create, edit, preview, test-send and delete campaign drafts.
    DraftCampaigns,
    /// Send or schedule a campaign, cancel a scheduled send.
    SendCampaigns,
    /// Move the offering from one stage to the next (and its dates).
    ChangeOffering,
    /// Upload documents into the compliance vault.
    FileDocuments,
    /// Approve or reject what investors will see (never one's own work: see [`may_approve`]).
    Approve,
    /// The company's name, logo and review setting.
    ManageCompany,
    /// Invite, re-role and remove members (never to or from owner: see [`may_change_role`]).
    ManageTeam,
    /// Subscription, checkout and the billing portal.
    Billing,
    /// Hand the company to another member.
    TransferOwnership,
    /// Delete the company and everything it holds.
    DeleteCompany,
    /// See and import what investors invested on the funding portal (confidential).
    Investments,
}

impl Action {
    pub const ALL: [Action; 15] = [
        Action::Read,
        Action::Export,
        Action::EditForms,
        Action::EditLeads,
        Action::DraftCampaigns,
        Action::SendCampaigns,
        Action::ChangeOffering,
        Action::FileDocuments,
        Action::Approve,
        Action::ManageCompany,
        Action::ManageTeam,
        Action::Billing,
        Action::TransferOwnership,
        Action::DeleteCompany,
        Action::Investments,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Action::Read => "read",
            Action::Export => "export",
            Action::EditForms => "edit_forms",
            Action::EditLeads => "edit_leads",
            Action::DraftCampaigns => "draft_campaigns",
            Action::SendCampaigns => "send_campaigns",
            Action::ChangeOffering => "change_offering",
            Action::FileDocuments => "file_documents",
            Action::Approve => "approve",
            Action::ManageCompany => "manage_company",
            Action::ManageTeam => "manage_team",
            Action::Billing => "billing",
            Action::TransferOwnership => "transfer_ownership",
            Action::DeleteCompany => "delete_company",
            Action::Investments => "investments",
        }
    }

    /// The sentence a refused caller reads (403).
    pub fn refusal(self) -> &'static str {
        match self {
            Action::Read => "You are not a member of this company.",
            Action::Export => "Your role cannot download investor data.",
            Action::EditForms => "Your role cannot change forms.",
            Action::EditLeads => "Your role cannot change leads.",
            Action::DraftCampaigns => "Your role cannot write campaigns.",
            Action::SendCampaigns => "Only an owner or admin can send or schedule campaigns.",
            Action::ChangeOffering => "Only an owner or admin can change the offering.",
            Action::FileDocuments => "Your role cannot add documents to the vault.",
            Action::Approve => "Only counsel, an admin or the owner can review.",
            Action::ManageCompany => "Only an owner or admin can change the company's settings.",
            Action::ManageTeam => "Only an owner or admin can manage the team.",
            Action::Billing => "Only the company's owner can manage billing.",
            Action::TransferOwnership => "Only the company's owner can transfer ownership.",
            Action::DeleteCompany => "Only the company's owner can delete the company.",
            Action::Investments => "Only an owner or admin can see or import investments.",
        }
    }
}

use Action as A;

/// The role matrix: every action each role may take. One table, read by [`allows`]; the SPA
/// receives it with the membership (`permissions`) to hide what a role cannot do, but the
/// server decides.
pub const MATRIX: [(Role, &[Action]); 5] = [
    (Role::Owner, &[
        A::Read, A::Export, A::EditForms, A::EditLeads, A::DraftCampaigns, A::SendCampaigns, A::ChangeOffering,
        A::FileDocuments, A::Approve, A::ManageCompany, A::ManageTeam, A::Billing, A::TransferOwnership, A::DeleteCompany,
        A::Investments,
    ]),
    (Role::Admin, &[
        A::Read, A::Export, A::EditForms, A::EditLeads, A::DraftCampaigns, A::SendCampaigns, A::ChangeOffering,
        A::FileDocuments, A::Approve, A::ManageCompany, A::ManageTeam, A::Investments,
    ]),
    (Role::Member, &[A::Read, A::Export, A::EditForms, A::EditLeads, A::DraftCampaigns, A::FileDocuments]),
    (Role::Counsel, &[A::Read, A::Export, A::Approve]),
    (Role::Viewer, &[A::Read]),
];

/// Whether `role` may take `action` (the [`MATRIX`]).
pub fn allows(role: Role, action: Action) -> bool {
    MATRIX.iter().any(|(row, actions)| *row == role && actions.contains(&action))
}

/// Every action `role` may take, in [`Action::ALL`]'s order (what the SPA receives).
pub fn permissions(role: Role) -> Vec<&'static str> {
    Action::ALL.into_iter().filter(|action| allows(role, *action)).map(Action::as_str).collect()
}

/// Seats a plan includes: members and pending invitations together.
pub const SEATS_BASE: usize = 3;
pub const SEATS_PRO: usize = 10;

pub fn seats_included(pro: bool) -> usize {
    if pro { SEATS_PRO } else { SEATS_BASE }
}

/// An invitation's link works this long, once.
pub const INVITATION_DAYS: i64 = 7;
pub const INVITATION_SECS: i64 = INVITATION_DAYS * 24 * 60 * 60;

/// Why a membership change is refused (the HTTP layer answers 403 or 409 with the sentence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeRefused {
    /// The caller's role cannot manage the team at all.
    NotAllowed,
    /// Nobody changes their own role or removes themselves through the team page (leaving is
    /// its own action), so nobody raises their own role.
    OwnMembership,
    /// Owner is given or taken only by transferring ownership, by an owner.
    OwnerByTransferOnly,
    /// A company always keeps an owner.
    LastOwner,
}

impl ChangeRefused {
    pub fn message(self) -> &'static str {
        match self {
            ChangeRefused::NotAllowed => Action::ManageTeam.refusal(),
            ChangeRefused::OwnMembership => "You cannot change your own role. Ask another owner or admin.",
            ChangeRefused::OwnerByTransferOnly => "Ownership changes hands only by Transfer ownership, done by the owner.",
            ChangeRefused::LastOwner => "A company needs an owner. Transfer ownership before leaving.",
        }
    }
}

/// Whether `actor` (with `actor_role`) may give `target` (now `from`) the role `to`, or remove
/// them (`to == None`). An owner's role changes only by transfer; an admin manages members,
/// counsel and viewers and other admins; nobody edits their own membership here.
pub fn may_change_role(actor: &str, actor_role: Role, target: &str, from: Role, to: Option<Role>) -> Result<(), ChangeRefused> {
    if !allows(actor_role, Action::ManageTeam) {
        return Err(ChangeRefused::NotAllowed);
    }
    if actor == target {
        return Err(ChangeRefused::OwnMembership);
    }
    if from == Role::Owner || to == Some(Role::Owner) {
        return Err(ChangeRefused::OwnerByTransferOnly);
    }
    Ok(())
}

/// Whether a member may leave: anyone but the only owner.
pub fn may_leave(role: Role, owners: usize) -> Result<(), ChangeRefused> {
    if role == Role::Owner && owners <= 1 { Err(ChangeRefused::LastOwner) } else { Ok(()) }
}

/// Whether `role` may invite someone as `invited`: a team manager, never as owner.
pub fn may_invite(role: Role, invited: Role) -> Result<(), ChangeRefused> {
    if !allows(role, Action::ManageTeam) {
        Err(ChangeRefused::NotAllowed)
    } else if invited == Role::Owner {
        Err(ChangeRefused::OwnerByTransferOnly)
    } else {
        Ok(())
    }
}

/// Whether `reviewer` (with `role`) may approve work written by `author`: counsel always; an
/// owner or admin only for someone else's work.
pub fn may_approve(reviewer: &str, role: Role, author: &str) -> bool {
    match role {
        Role::Counsel => true,
        Role::Owner | Role::Admin => reviewer != author,
        Role::Member | Role::Viewer => false,
    }
}

/// A company's name as its members type it: 1 to 120 characters once trimmed.
pub fn company_name(text: &str) -> Result<String, Invalid> {
    let name = text.trim();
    if name.is_empty() {
        return Err(Invalid::new("invalid_name", "Enter the company's name."));
    }
    if name.chars().count() > 120 {
        return Err(Invalid::new("invalid_name", "The company's name can be at most 120 characters."));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The matrix cell by cell, written out as the issue states it, so a change to [`MATRIX`]
    /// shows up here as the cell it changed.
    #[test]
    fn the_role_matrix_cell_by_cell() {
        use Role::*;
        let expected: [(Action, [bool; 5]); 15] = [
            //                       owner  admin  member counsel viewer
            (A::Read, [true, true, true, true, true]),
            (A::Export, [true, true, true, true, false]),
            (A::EditForms, [true, true, true, false, false]),
            (A::EditLeads, [true, true, true, false, false]),
            (A::DraftCampaigns, [true, true, true, false, false]),
            (A::SendCampaigns, [true, true, false, false, false]),
            (A::ChangeOffering, [true, true, false, false, false]),
            (A::FileDocuments, [true, true, true, false, false]),
            (A::Approve, [true, true, false, true, false]),
            (A::ManageCompany, [true, true, false, false, false]),
            (A::ManageTeam, [true, true, false, false, false]),
            (A::Billing, [true, false, false, false, false]),
            (A::TransferOwnership, [true, false, false, false, false]),
            (A::DeleteCompany, [true, false, false, false, false]),
            (A::Investments, [true, true, false, false, false]),
        ];
        assert_eq!(expected.len(), Action::ALL.len());
        for (action, row) in expected {
            for (role, allowed) in [Owner, Admin, Member, Counsel, Viewer].into_iter().zip(row) {
                assert_eq!(allows(role, action), allowed, "{role:?} × {action:?}");
            }
        }
    }

    #[test]
    fn counsel_and_viewers_never_send_delete_or_change_anything() {
        for role in [Role::Counsel, Role::Viewer] {
            for action in [A::SendCampaigns, A::EditForms, A::EditLeads, A::DraftCampaigns, A::ChangeOffering, A::DeleteCompany, A::ManageTeam] {
                assert!(!allows(role, action), "{role:?} {action:?}");
            }
        }
    }

    #[test]
    fn permissions_list_exactly_the_matrix_row() {
        assert_eq!(permissions(Role::Viewer), vec!["read"]);
        assert_eq!(permissions(Role::Counsel), vec!["read", "export", "approve"]);
        assert_eq!(permissions(Role::Owner).len(), Action::ALL.len());
    }

    #[test]
    fn nobody_raises_their_own_role_or_makes_an_owner_except_by_transfer() {
        // Own membership, whatever the role.
        for role in Role::ALL {
            for to in Role::ALL {
                assert!(may_change_role("me", role, "me", role, Some(to)).is_err(), "{role:?} → {to:?}");
            }
            assert!(may_change_role("me", role, "me", role, None).is_err());
        }
        // Others: a team manager re-roles non-owners, never to or from owner.
        assert_eq!(may_change_role("a", Role::Admin, "b", Role::Member, Some(Role::Admin)), Ok(()));
        assert_eq!(may_change_role("a", Role::Admin, "b", Role::Owner, Some(Role::Admin)), Err(ChangeRefused::OwnerByTransferOnly));
        assert_eq!(may_change_role("a", Role::Owner, "b", Role::Admin, Some(Role::Owner)), Err(ChangeRefused::OwnerByTransferOnly));
        assert_eq!(may_change_role("a", Role::Admin, "b", Role::Owner, None), Err(ChangeRefused::OwnerByTransferOnly));
        for role in [Role::Member, Role::Counsel, Role::Viewer] {
            assert_eq!(may_change_role("a", role, "b", Role::Viewer, Some(Role::Member)), Err(ChangeRefused::NotAllowed));
            assert_eq!(may_change_role("a", role, "b", Role::Viewer, None), Err(ChangeRefused::NotAllowed));
        }
    }

    #[test]
    fn the_last_owner_cannot_leave() {
        assert_eq!(may_leave(Role::Owner, 1), Err(ChangeRefused::LastOwner));
        assert_eq!(may_leave(Role::Owner, 2), Ok(()));
        for role in [Role::Admin, Role::Member, Role::Counsel, Role::Viewer] {
            assert_eq!(may_leave(role, 1), Ok(()));
        }
    }

    #[test]
    fn only_team_managers_invite_and_never_as_owner() {
        for role in Role::ALL {
            for invited in Role::ALL {
                let expected = allows(role, A::ManageTeam) && invited != Role::Owner;
                assert_eq!(may_invite(role, invited).is_ok(), expected, "{role:?} invites {invited:?}");
            }
        }
    }

    #[test]
    fn an_author_never_approves_their_own_work_unless_counsel() {
        assert!(may_approve("c", Role::Counsel, "c"));
        assert!(may_approve("c", Role::Counsel, "a"));
        assert!(!may_approve("a", Role::Admin, "a"));
        assert!(may_approve("a", Role::Admin, "b"));
        assert!(!may_approve("o", Role::Owner, "o"));
        assert!(!may_approve("m", Role::Member, "x"));
        assert!(!may_approve("v", Role::Viewer, "x"));
    }

    #[test]
    fn roles_parse_by_name_only() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Ok(role));
        }
        assert!(Role::parse("superuser").is_err());
        assert!(Role::parse("").is_err());
    }

    #[test]
    fn seats_follow_the_plan() {
        assert_eq!(seats_included(false), 3);
        assert_eq!(seats_included(true), 10);
    }

    #[test]
    fn a_company_name_is_trimmed_and_bounded() {
        assert_eq!(company_name("  Acme  ").unwrap(), "Acme");
        assert!(company_name("   ").is_err());
        assert!(company_name(&"x".repeat(121)).is_err());
    }
}
