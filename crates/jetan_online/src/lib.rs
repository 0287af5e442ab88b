//! Jetan over the network: the [`protocol`], a [`server`] that referees every move with
//! `jetan_rules` and stores it in SQLite before anyone hears of it, a [`client`] a game without
//! async can drive, the [`replica`] of a game a client keeps, and a [`bot`] that plays a seat
//! with `jetan_ai`. No Bevy.

pub mod bot;
pub mod client;
pub mod protocol;
pub mod referee;
pub mod replica;
pub mod secrets;
pub mod server;
pub mod store;
pub mod time_control;
pub mod variants;
