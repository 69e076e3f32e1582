//! One module per shared DynamoDB table. Every access is a GetItem, Query or conditional
//! write on a key; item mapping lives next to the calls.

pub mod forms;
pub mod leads;
pub mod profiles;
pub mod rewards;
pub mod users;
