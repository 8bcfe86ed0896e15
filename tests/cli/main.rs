//! Integration tests: the real binary against real git repositories in temp dirs.

mod agent_install;
mod agents;
mod architecture;
mod cases;
mod common;
mod conflicts;
mod core;
mod corpus;
mod ecosystem;
mod endings;
mod fuzz_corpus;
mod generated;
mod hooks;
mod json_output;
mod mcp;
mod mcp_wire;
mod pack_index;
mod properties;
mod robustness;
mod secret_corpus;
mod secrets;
mod seed_round_trips;
mod seeds;
mod sharing;
mod stress;
mod tasks;
