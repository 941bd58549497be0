-- Why: "next fight, same party" brings the saved party as it is now (someone who joined
-- the party since, or sat this fight out, comes along), not only whoever was in the last
-- fight. This remembers which parties were added to an encounter in one step.

CREATE TABLE encounter_party (
    encounter_id  INTEGER NOT NULL REFERENCES encounter(id) ON DELETE CASCADE,
    party_id      INTEGER NOT NULL REFERENCES party(id) ON DELETE CASCADE,
    PRIMARY KEY (encounter_id, party_id)
) STRICT;
