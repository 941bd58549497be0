//! Tests of the range, call, Charge, death, trigger, missile and stacking calculators.

use super::*;

