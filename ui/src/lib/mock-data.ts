// Generated from the real `tome --json` output (a small sample) for tests and
// for `npm run dev` outside Tauri. Links, mentions and backlinks are trimmed to the
// sampled entries.
import type { Entry } from './bindings/Entry';
import type { System } from './bindings/System';
import type { Table } from './bindings/Table';

export const mockSystems: System[] = [
  {
    "id": "ars-magica",
    "name": "Ars Magica",
    "document": "Ars Magica: Combat and Other Perils",
    "entries": 112,
    "style": {
      "accent": "#7a221c",
      "dice": [
        "stress",
        "simple"
      ],
      "kind_names": [],
      "open_families": [
        "ability."
      ],
      "colors": {
        "light": "#8c2d1b",
        "light_bg": "#f6dfd8",
        "dark": "#ffb7a3",
        "dark_bg": "#44241d"
      }
    }
  },
  {
    "id": "mythcraft",
    "name": "MythCraft",
    "document": "MythCraft: Combat Quick Reference for MCs",
    "entries": 86,
    "style": {
      "accent": "#1d5a6a",
      "dice": [],
      "kind_names": [],
      "open_families": [],
      "colors": {
        "light": "#5b2e86",
        "light_bg": "#ebe0f5",
        "dark": "#d6b8f5",
        "dark_bg": "#35264a"
      }
    }
  },
  {
    "id": "amtgard",
    "name": "Amtgard",
    "document": "Amtgard: Magic, Abilities, States and Special Effects",
    "entries": 53,
    "style": {
      "accent": "#2e5a2a",
      "dice": [],
      "kind_names": [
        [
          "condition",
          "state",
          "States"
        ]
      ],
      "open_families": [],
      "colors": {
        "light": "#2c6431",
        "light_bg": "#ddeedc",
        "dark": "#a9dca8",
        "dark_bg": "#203a22"
      }
    }
  },
  {
    "id": "mlaf",
    "name": "MLAF (Blood Bowl)",
    "document": "MLAF Magic System",
    "entries": 71,
    "style": {
      "accent": "#1f3a6e",
      "dice": [],
      "kind_names": [],
      "open_families": [],
      "colors": {
        "light": "#1d4f8a",
        "light_bg": "#dce8f6",
        "dark": "#a8ccf7",
        "dark_bg": "#1c3150"
      }
    }
  },
  {
    "id": "primal-wild",
    "name": "Primal Wild",
    "document": "Primal Wild: Magic Permutations",
    "entries": 65,
    "style": {
      "accent": "#6a461c",
      "dice": [],
      "kind_names": [],
      "open_families": [],
      "colors": {
        "light": "#7a4a06",
        "light_bg": "#f5e6cb",
        "dark": "#f1cd8a",
        "dark_bg": "#41300f"
      }
    }
  }
];

export const mockEntries: Entry[] = [
  {
    "id": "ars-magica/weapon/dodge",
    "name": "Dodge",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Purely defensive option: the character just avoids blows and makes no attempt to hurt anyone.",
    "body": "Dodging means stepping out of harm's way rather than striking back. It has no Attack or Damage modifier, no Strength minimum, no Load and no cost; it adds nothing to Initiative or Defense beyond the Brawl Ability itself.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": [],
    "links": ["ars-magica/rule/attack-total"],
    "mentions": [{ "id": "ars-magica/rule/attack-total", "name": "Attack" }],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Brawl",
      "init": 0,
      "atk": null,
      "dfn": 0,
      "dam": null,
      "str": null,
      "load": 0,
      "range": null,
      "cost": null
    }
  },
  {
    "id": "ars-magica/weapon/fist",
    "name": "Fist",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Any unarmed blow delivered with the hands; all modifiers are zero.",
    "body": "Covers every bare-handed attack. Uses Brawl; no Strength minimum, no Load, costs nothing.\n\nBrawl is also the Ability for grappling (which needs free hands) and for most combat stunts such as disarming or tripping.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": ["unarmed attack"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Brawl",
      "init": 0,
      "atk": 0,
      "dfn": 0,
      "dam": 0,
      "str": null,
      "load": 0,
      "range": null,
      "cost": null
    }
  },
  {
    "id": "ars-magica/weapon/kick",
    "name": "Kick",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Unarmed attack with the feet: hits harder than a fist (+3 Dam) but is slower and leaves you less guarded.",
    "body": "Foot strikes do more damage than punches but are clumsier (Init -1, Dfn -1). A standing foe can be kicked, though the attack is mostly used on enemies who are already on the ground.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Brawl",
      "init": -1,
      "atk": 0,
      "dfn": -1,
      "dam": 3,
      "str": null,
      "load": 0,
      "range": null,
      "cost": null
    }
  },
  {
    "id": "ars-magica/weapon/mace-and-chain",
    "name": "Mace and Chain",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "One or more spiked or flanged weights chained to a handle; also known as a morning star.",
    "body": "A haft with one or more weighted heads (spiked or flanged) hanging from a sturdy chain. Sometimes called a morning star.\n\nA small one-handed flail also uses these statistics; the big two-handed version is the Flail.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": ["morning star", "one-handed flail"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Single",
      "init": 2,
      "atk": 3,
      "dfn": 0,
      "dam": 7,
      "str": 0,
      "load": 2,
      "range": null,
      "cost": "standard"
    }
  },
  {
    "id": "ars-magica/weapon/sword-long",
    "name": "Sword, Long",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Any sword longer than 28 inches; favoured by riders for its reach, and straight-bladed in this period.",
    "body": "Any sword over 28 inches. Mounted warriors prefer it because it can reach foes standing on the ground. Blades of this era are straight, even in Arabia; curved swords only appear after the 13th century.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": ["long sword"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Single",
      "init": 2,
      "atk": 4,
      "dfn": 1,
      "dam": 6,
      "str": 0,
      "load": 1,
      "range": null,
      "cost": "expensive"
    }
  },
  {
    "id": "ars-magica/weapon/warhammer",
    "name": "Warhammer",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Two-handed weighted crushing weapon, including the two-handed mace; the hardest-hitting weapon listed (+12 Dam).",
    "body": "Covers every weighted bludgeoning weapon used two-handed, for example a two-handed mace. Needs Strength +2. One-handed hammers and maces use the Mace entry.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Melee Weapon Statistics"
    },
    "aliases": ["two-handed mace"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "melee",
      "ability": "Great",
      "init": 0,
      "atk": 6,
      "dfn": 0,
      "dam": 12,
      "str": 2,
      "load": 3,
      "range": null,
      "cost": "standard"
    }
  },
  {
    "id": "ars-magica/weapon/bow-long",
    "name": "Bow, Long",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "The famous English longbow: longest range (30-pace increment) and hardest-hitting missile, but demands years of training and Strength +2.",
    "body": "- The renowned English longbow; mastering it took years of practice and physical conditioning.\n- Range increment 30 paces (-3 Attack per increment beyond the first).\n- Table note: needs two free hands to load and shoot.\n- Its Load includes a supply of arrows.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Missile Weapon Statistics"
    },
    "aliases": ["longbow", "long bow"],
    "links": ["ars-magica/rule/attack-total"],
    "mentions": [{ "id": "ars-magica/rule/attack-total", "name": "Attack" }],
    "backlinks": [],
    "detail": {
      "group": "missile",
      "ability": "Bow",
      "init": -2,
      "atk": 4,
      "dfn": 0,
      "dam": 8,
      "str": 2,
      "load": 2,
      "range": 30,
      "cost": "expensive"
    }
  },
  {
    "id": "ars-magica/weapon/sling",
    "name": "Sling",
    "kind": "weapon",
    "system": "ars-magica",
    "summary": "Uses the Thrown ability but reaches far beyond a hand-thrown weapon (range increment 20 paces); needs both hands free.",
    "body": "- Fired with the Thrown ability, yet its range increment (20 paces) is far longer than any hand-hurled missile.\n- Table note: both hands must be free to load and shoot it.\n- Its Load figure already counts a supply of ammunition.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Missile Weapon Statistics"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "group": "missile",
      "ability": "Thrown",
      "init": -3,
      "atk": 1,
      "dfn": 0,
      "dam": 4,
      "str": -3,
      "load": 0,
      "range": 20,
      "cost": "inexpensive"
    }
  },
  {
    "id": "ars-magica/armor/quilted-fur",
    "name": "Quilted/Fur",
    "kind": "armor",
    "system": "ars-magica",
    "summary": "The most basic armor: quilted cloth, thin leather, or fur or cloth bound in leather straps. Partial only: Prot 1, Load 2.",
    "body": "Made of quilted cloth, a thin leather layer, or fur or cloth wrapped with leather straps. No full suit exists for this material.\n\n- Partial: Prot +1 to Soak, Load 2.\n- Full: n/a.\n- Cost: Inexpensive.\n\nPartial armor covers only the vital spots: usually a hauberk (short-sleeved coat reaching the knee), perhaps a coif for head and neck, and often an open-faced helmet.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Armor Table"
    },
    "aliases": ["quilted cloth", "fur"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "cost": "inexpensive",
      "partial": { "prot": 1, "load": 2 },
      "full": null
    }
  },
  {
    "id": "ars-magica/armor/metal-scale",
    "name": "Metal Scale",
    "kind": "armor",
    "system": "ars-magica",
    "summary": "Small overlapping metal plates instead of leather scales: more protection, still flexible, a bit heavier. Partial Prot 4/Load 4; full Prot 7/Load 7.",
    "body": "Like leather scale, but the scales are small overlapping metal plates. Protection goes up and the suit stays flexible, at the price of slightly more weight.\n\n- Partial: Prot +4 to Soak, Load 4.\n- Full: Prot +7, Load 7.\n- Cost: Standard.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Armor Table"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "cost": "standard",
      "partial": { "prot": 4, "load": 4 },
      "full": { "prot": 7, "load": 7 }
    }
  },
  {
    "id": "ars-magica/armor/chain-mail",
    "name": "Chain Mail",
    "kind": "armor",
    "system": "ars-magica",
    "summary": "Flexible suit of interlinked metal rings, the best armor of 1220. Partial Prot 6/Load 4; full Prot 9/Load 6.",
    "body": "A flexible garment made of linked chain, the most advanced armor available in 1220.\n\n- Partial: Prot +6 to Soak, Load 4.\n- Full: Prot +9, Load 6.\n- Cost: Expensive.\n\nFull armor adds gauntlets, vambraces (forearms), chausses (legs), a closed helm over the face, maybe guards for throat, elbows and knees, and often a padded gambeson worn over it. Small extra pieces may be of another material (e.g. leather scale on the limbs of a chain suit), but only the main material of the suit sets Prot and Load.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Armor Table"
    },
    "aliases": ["chain"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "cost": "expensive",
      "partial": { "prot": 6, "load": 4 },
      "full": { "prot": 9, "load": 6 }
    }
  },
  {
    "id": "ars-magica/rule/attack-total",
    "name": "Attack Total",
    "kind": "rule",
    "system": "ars-magica",
    "summary": "The attacker's roll: Dexterity plus combat Ability plus the weapon's Atk modifier plus a stress die.",
    "body": "- Dexterity (Dex) + the Combat Ability used + weapon Atk modifier (plus shield's) + stress die.\n- It hits only if it is **greater than** the defender's Defense Total.\n- Encumbrance from weapons and armor does not reduce it.\n- Common modifiers: -3 per range increment past the first (missiles); +Ride (max +3) when mounted; -3 when scuffling with a real weapon; trained-group bonus; Exertion bonus; wound and fatigue penalties.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Combat Scores"
    },
    "aliases": ["Atk", "Attack"],
    "links": ["ars-magica/rule/attack-advantage"],
    "mentions": [],
    "backlinks": ["ars-magica/maneuver/disarm", "ars-magica/rule/attack-advantage", "ars-magica/weapon/dodge", "ars-magica/weapon/bow-long"],
    "detail": { "formula": "Dexterity + Combat Ability + Weapon Attack Modifier + Stress Die" }
  },
  {
    "id": "ars-magica/rule/attack-advantage",
    "name": "Attack Advantage",
    "kind": "rule",
    "system": "ars-magica",
    "summary": "How far the Attack Total beats the Defense Total; 1 or more is a hit and is added to damage.",
    "body": "- 0 or less: the attack misses.\n- 1 or more: a hit; add the advantage to the Damage Total.\n- Also the measure for grappling (Grapple Strength), splitting groups (0 or more succeeds) and special maneuvers (a required advantage, e.g. Trip 3, Disarm 9).\n- For aimed spells an advantage is calculated but it does not change the damage.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Combat Scores"
    },
    "aliases": [],
    "links": ["ars-magica/rule/attack-total", "ars-magica/maneuver/disarm"],
    "mentions": [{ "id": "ars-magica/rule/attack-total", "name": "Attack Total" }, { "id": "ars-magica/maneuver/disarm", "name": "Disarm" }],
    "backlinks": ["ars-magica/maneuver/disarm", "ars-magica/rule/attack-total"],
    "detail": { "formula": "Attacker's Attack Total - Defender's Defense Total" }
  },
  {
    "id": "ars-magica/maneuver/disarm",
    "name": "Disarm",
    "kind": "maneuver",
    "system": "ars-magica",
    "summary": "Knock the weapon out of an opponent's hand: succeeds with an Attack Advantage of 9 or more.",
    "body": "A combat stunt rather than a damaging attack. Roll Attack and Defense as usual; if Attack Total minus Defense Total is at least 9, the opponent loses the weapon. No damage is dealt.\n\nSuch stunts are usually made with Brawl, since the attacker is not striking with a weapon.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Special Effects"
    },
    "aliases": [],
    "links": ["ars-magica/rule/attack-advantage", "ars-magica/rule/attack-total"],
    "mentions": [{ "id": "ars-magica/rule/attack-advantage", "name": "Attack Advantage" }, { "id": "ars-magica/rule/attack-total", "name": "Attack Total" }],
    "backlinks": ["ars-magica/rule/attack-advantage"],
    "detail": {
      "tier": null,
      "costs": [
        { "actor": "any", "amount": 9, "unit": "attack advantage", "printed": "9" }
      ]
    }
  },
  {
    "id": "ars-magica/table/damage-table",
    "name": "Damage Table",
    "kind": "table",
    "system": "ars-magica",
    "summary": "Turns the points by which Damage Total beats Soak Total into a wound level, by the target's Size.",
    "body": "Subtract the target's Soak Total from the Damage Total; if anything is left, find that number in the target's Size row to get the wound inflicted. Zero or less means no wound.\n\n- Each band is 5 + Size points wide (1-5, 6-10, ... for Size 0; 1 point wide at Size -4 or less).\n- Sizes above +3 are not printed: each further point of Size makes every band 1 point wider, following the same 5 + Size pattern.\n- Example: 4 points past Soak on a Size -1 wolf is a Light Wound; 9 points is Heavy.\n- In group combat each blow is read off the row of the character who takes it (6 points is Medium for a human but Light for a Giant Blooded one).",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Damage Table"
    },
    "aliases": [],
    "links": ["ars-magica/table/wound-table"],
    "mentions": [],
    "backlinks": ["ars-magica/table/wound-table"],
    "detail": {
      "dice": null,
      "columns": ["Size", "Light", "Medium", "Heavy", "Incapacitating", "Dead"]
    }
  },
  {
    "id": "ars-magica/table/wound-table",
    "name": "Wound Table",
    "kind": "table",
    "system": "ars-magica",
    "summary": "Penalty that each wound adds to the character's total Wound Penalty; an Incapacitated character can take no actions.",
    "body": "\\* Incapacitated: the character cannot act at all.\n\n- Wounds of any kind stack in any number and mix. The Wound Penalty is the sum of all wound penalties and applies to every action (rolls and totals).\n- Soak is not an action, so the Wound Penalty never reduces it. Recovery rolls also ignore it.\n- Example: one Heavy Wound = -5; two Light plus one Medium = also -5, but those lighter wounds heal sooner.\n- There is no cap on the Wound Penalty, and piling up non-fatal wounds never kills outright; but wounds can worsen to Incapacitating, and an Incapacitated character can still die.\n- Wound and Fatigue penalties are cumulative.",
    "source": {
      "document": "Ars Magica: Combat and Other Perils",
      "file": "001_aee625344e601f5d.txt",
      "section": "Wound Table"
    },
    "aliases": [],
    "links": ["ars-magica/table/damage-table"],
    "mentions": [],
    "backlinks": ["ars-magica/table/damage-table"],
    "detail": {
      "dice": null,
      "columns": ["Wound Taken", "Penalty Per Wound"]
    }
  },
  {
    "id": "mythcraft/condition/broken",
    "name": "Broken",
    "kind": "condition",
    "system": "mythcraft",
    "summary": "Frightened and Shaken, and must spend all its available movement fleeing from the danger it perceives.",
    "body": "- Counts as both **Frightened** and **Shaken**.\n- In addition, it has to use all the movement it has available to get away from whatever danger it perceives.",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Conditions List"
    },
    "aliases": [],
    "links": ["mythcraft/condition/frightened", "mythcraft/condition/shaken"],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "implies": ["mythcraft/condition/frightened", "mythcraft/condition/shaken"]
    }
  },
  {
    "id": "mythcraft/condition/frightened",
    "name": "Frightened",
    "kind": "condition",
    "system": "mythcraft",
    "summary": "Has TD while it can see the source of its fear, and cannot willingly move closer to that source.",
    "body": "- **TD** while the source of its fear is within sight.\n- It may not move nearer the source of fear of its own free will.\n- A Rallied creature cannot be Frightened (existing Frightened is suppressed).",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Conditions List"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": ["mythcraft/condition/broken"],
    "detail": {
      "implies": []
    }
  },
  {
    "id": "mythcraft/condition/shaken",
    "name": "Shaken",
    "kind": "condition",
    "system": "mythcraft",
    "summary": "-2 to every d20 roll.",
    "body": "The creature takes a -2 penalty on all of its d20 rolls. A Rallied creature cannot be Shaken (existing Shaken is suppressed).",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Conditions List"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": ["mythcraft/condition/broken"],
    "detail": {
      "implies": []
    }
  },
  {
    "id": "mythcraft/condition/stunned",
    "name": "Stunned",
    "kind": "condition",
    "system": "mythcraft",
    "summary": "Current creature actions drop to 1 (if higher), and its maximum cannot rise above 1 while Stunned.",
    "body": "- On becoming Stunned, its current number of creature actions falls to 1 (no change if already 1 or fewer).\n- While Stunned, nothing can raise its maximum number of creature actions above 1.\n\nAlso imposed by nonlethal blunt damage that drops an already Dazed creature to 0 HP (see Knocking Unconscious): it regains 1 HP and is Stunned; a Stunned creature so dropped regains 1 HP and falls Unconscious instead. Stunned gained this way ends once the creature is no longer Bloodied or has 15+ HP (whichever comes first), or when it Catches its Breath.",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Conditions List"
    },
    "aliases": [],
    "links": ["mythcraft/condition/dazed", "mythcraft/rule/knocking-unconscious"],
    "mentions": [{ "id": "mythcraft/rule/knocking-unconscious", "name": "Knocking Unconscious" }],
    "backlinks": ["mythcraft/condition/dazed", "mythcraft/rule/knocking-unconscious"],
    "detail": {
      "implies": []
    }
  },
  {
    "id": "mythcraft/condition/dazed",
    "name": "Dazed",
    "kind": "condition",
    "system": "mythcraft",
    "summary": "Current creature actions drop to 2 (if higher); it takes one fewer creature action than normal on each of its turns and cannot take reactions.",
    "body": "- When it becomes Dazed, its current number of creature actions falls to 2 (no change if it already had 2 or fewer).\n- On each of its turns while Dazed it takes 1 creature action fewer than normal.\n- It cannot take reactions.\n\nAlso imposed by nonlethal blunt damage that drops a creature to 0 HP (see Knocking Unconscious): it regains 1 HP and is Dazed; a Dazed creature so dropped becomes Stunned instead. Dazed gained this way ends once the creature is no longer Bloodied or has 15+ HP (whichever comes first), or when it Catches its Breath.",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Conditions List"
    },
    "aliases": [],
    "links": ["mythcraft/condition/stunned", "mythcraft/rule/knocking-unconscious"],
    "mentions": [{ "id": "mythcraft/rule/knocking-unconscious", "name": "Knocking Unconscious" }],
    "backlinks": ["mythcraft/condition/stunned", "mythcraft/rule/knocking-unconscious"],
    "detail": {
      "implies": []
    }
  },
  {
    "id": "mythcraft/maneuver/dodge",
    "name": "Dodge",
    "kind": "maneuver",
    "system": "mythcraft",
    "summary": "+2 to AR and Physical Defenses until the start of your next turn.",
    "body": "- Bonus: +2 AR and +2 Physical Defenses.\n- Lasts until your next turn begins.\n- Same effect for creatures (1 monster action) and PCs (2 AP).",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Combat Maneuvers for PCs"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "tier": "basic",
      "costs": [
        { "actor": "pc", "amount": 2, "unit": "AP", "printed": "2 AP" },
        { "actor": "creature", "amount": 1, "unit": "creature action", "printed": "1 monster action" }
      ]
    }
  },
  {
    "id": "mythcraft/rule/knocking-unconscious",
    "name": "Knocking Unconscious",
    "kind": "rule",
    "system": "mythcraft",
    "summary": "Blunt damage can be nonlethal. Dropping someone to 0 HP with it leaves them at 1 HP and escalates Dazed, then Stunned, then Unconscious.",
    "body": "- Anyone dealing blunt damage may choose to make it nonlethal.\n- Reduced to 0 HP by nonlethal damage: regain 1 HP and gain a condition by stage:\n  1. not Dazed: become **Dazed**;\n  2. already Dazed: become **Stunned**;\n  3. already Stunned: fall **Unconscious**.\n- Dazed/Stunned gained this way end when you stop being Bloodied or reach 15 HP, whichever comes first, or when you Catch your Breath.\n- **NPCs:** use this when the NPC would otherwise gain Death Points (some major villains, MC's discretion). If the NPC would simply die at 0 HP, it can be knocked unconscious outright instead.",
    "source": {
      "document": "MythCraft: Combat Quick Reference for MCs",
      "file": "004_ab77d6485b392712.txt",
      "section": "Knocking Unconscious"
    },
    "aliases": ["Nonlethal Damage"],
    "links": ["mythcraft/condition/dazed", "mythcraft/condition/stunned"],
    "mentions": [],
    "backlinks": ["mythcraft/condition/dazed", "mythcraft/condition/stunned"],
    "detail": { "formula": null }
  },
  {
    "id": "amtgard/condition/stunned",
    "name": "Stunned",
    "kind": "condition",
    "system": "amtgard",
    "summary": "The player cannot act in any way but can still be affected normally.",
    "body": "- Touch-range abilities may be used on a Stunned target.",
    "source": {
      "document": "Amtgard: Magic, Abilities, States and Special Effects",
      "file": "000_01a13cf17059bcfe.txt",
      "section": "States Defined"
    },
    "aliases": [],
    "links": ["amtgard/rule/range"],
    "mentions": [],
    "backlinks": ["amtgard/rule/range"],
    "detail": {
      "implies": []
    }
  },
  {
    "id": "amtgard/school/command",
    "name": "Command",
    "kind": "school",
    "system": "amtgard",
    "summary": "Magic that makes targets do, or stops them doing, things; every offensive Command ability is a Verbal whose incantation contains \"Command\".",
    "body": "- All offensive Command magic and abilities are Verbals.\n- Their incantations include the word \"Command\".",
    "source": {
      "document": "Amtgard: Magic, Abilities, States and Special Effects",
      "file": "000_01a13cf17059bcfe.txt",
      "section": "School"
    },
    "aliases": [],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": null
  },
  {
    "id": "amtgard/special-effect/armor-breaking",
    "name": "Armor Breaking",
    "kind": "special-effect",
    "system": "amtgard",
    "summary": "A hit on armor with 3 or fewer points left strips that location to 0; armor with more points takes a normal hit.",
    "body": "- Applies to hits from weapons, Magic Balls, etc. carrying the effect.\n- Location struck at 3 Armor Points or less: all its Armor Points are removed.\n- More than 3: the armor takes an ordinary hit.\n- Affects armor only, never players. Works on Magic Armor too.",
    "source": {
      "document": "Amtgard: Magic, Abilities, States and Special Effects",
      "file": "000_01a13cf17059bcfe.txt",
      "section": "Special Effects Defined"
    },
    "aliases": ["Armour Breaking"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": null
  },
  {
    "id": "amtgard/rule/range",
    "name": "Range",
    "kind": "rule",
    "system": "amtgard",
    "summary": "Ranges are Self, Touch, Other, 20' and 50'; the target only has to be in range when the incantation finishes. Touch works only on willing, Dead, Stunned, Frozen or trapped-Insubstantial targets.",
    "body": "The target (or, for equipment, the item itself) must be in range when the incantation is completed; being out of range at other moments does not matter. Out of range at completion: no effect, but the ability is spent.\n\n- **Self**: the caster only.\n- **Touch**: self or others; any physical contact, or a hand within 6 inches of the target.\n- **Other**: other players or equipment within Touch range.\n- **20'**: within 20' at completion.\n- **50'**: within 50' at completion.\n\nTouch-range abilities can be used only if at least one is true of the target:\n- willing\n- Dead\n- Stunned\n- Frozen\n- Insubstantial and unable to leave their current spot",
    "source": {
      "document": "Amtgard: Magic, Abilities, States and Special Effects",
      "file": "000_01a13cf17059bcfe.txt",
      "section": "Magic and Ability Mechanics Defined"
    },
    "aliases": ["Touch", "Self", "Other"],
    "links": ["amtgard/condition/stunned"],
    "mentions": [],
    "backlinks": ["amtgard/condition/stunned"],
    "detail": { "formula": null }
  },
  {
    "id": "mlaf/spell/medusas-gaze",
    "name": "Medusa’s Gaze",
    "kind": "spell",
    "system": "mlaf",
    "summary": "Petrifies a player within 7 squares for this turn and the next: no tackle zone, no actions, no skills, half ST, and he drops the ball.",
    "body": "Target a player no more than 7 squares away. For the current turn and the one after it the victim:\n\n- has no tackle zone;\n- may not take any action or use any skill;\n- has his ST halved, rounding down.\n\nIf he was carrying the ball it falls from his hands; if his side was the moving team, that is a turnover.\n\n**Failure:** all of the above happens to the caster instead.\n\nSpell Table roll: 5.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "Open spells" },
    "aliases": [],
    "links": ["mlaf/table/spell-table"],
    "mentions": [],
    "backlinks": ["mlaf/table/spell-table"],
    "detail": {
      "list": "open",
      "success": "3+",
      "success_target": 3,
      "when": "any time (even in your opponent's turn)",
      "range": "max. seven squares",
      "duration": "this turn and the following turn",
      "restriction": null,
      "failure": "The caster suffers the effects himself."
    }
  },
  {
    "id": "mlaf/spell/siren-song",
    "name": "Siren Song",
    "kind": "spell",
    "system": "mlaf",
    "summary": "Every opposing player within 3 squares rolls a D6 and is hypnotised on 3 or less, exactly as by the Magic Item card MIND BLOW.",
    "body": "Each opponent within a 3-square radius of the Siren rolls a D6. On a **3 or less** he is hypnotised until the end of the turn: treat him exactly as a player affected by the Magic Item card MIND BLOW.\n\nCasting it in the opponents' turn does not cause a turnover.\n\n**Failure:** nothing happens.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "Racial spells" },
    "aliases": [],
    "links": ["mlaf/position/siren"],
    "mentions": [],
    "backlinks": ["mlaf/position/siren"],
    "detail": {
      "list": "racial",
      "success": "4+",
      "success_target": 4,
      "when": "any time (even during your opponent’s turn)",
      "range": "3 squares radius",
      "duration": "until the end of the turn",
      "restriction": "only Amazon Sirens",
      "failure": "no effect"
    }
  },
  {
    "id": "mlaf/spell/lightning-bolt",
    "name": "Lightning Bolt",
    "kind": "spell",
    "system": "mlaf",
    "summary": "A bolt along the lightning bolt template: 2D6 must beat the AG of each player in line until one is hit (knocked down, +1 armour and +1 injury).",
    "body": "Lay the lightning bolt template towards the target. For the first player on the line, roll 2D6:\n\n- **higher than his AG:** he is hit and knocked down; his armour roll and any injury roll are each +1 (like Mighty Blow);\n- **equal to or below his AG:** the bolt passes him; roll 2D6 again against the next player on the line, and so on, until someone is hit or the bolt runs out of range.\n\nA hit player who had the ball, on the moving team, causes a turnover.\n\nA successful casting roll earns the caster 1 SPP even if the bolt then misses everyone.\n\n**Failure:** the bolt discharges on the caster's square; he is knocked down automatically, a turnover if his team was the moving team.\n\nSpell Table roll: 9.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "Open spells" },
    "aliases": [],
    "links": ["mlaf/table/spell-table"],
    "mentions": [],
    "backlinks": ["mlaf/table/spell-table"],
    "detail": {
      "list": "open",
      "success": "2+",
      "success_target": 2,
      "when": "any time (even in your opponent's turn)",
      "range": "lightning bolt template",
      "duration": null,
      "restriction": null,
      "failure": "The bolt goes off on the caster's own square: he is knocked down automatically, and it is a turnover if his team was moving."
    }
  },
  {
    "id": "mlaf/position/siren",
    "name": "Siren",
    "kind": "position",
    "system": "mlaf",
    "summary": "The Amazon team's spellcaster: a nimble singer who starts with Dodge and the hypnotising Siren Song.",
    "body": "- Profile: MA 6, ST 3, AG 3, AV 7; costs 100,000 gp.\n- Starting skills: Dodge, Level 1, Siren Song.\n- Star Player Roll categories: Gen (General), Spells (may roll on the Spell Table).\n- Racial spell: Siren Song, which no other caster can learn; at level 1 he casts one spell per match.\n\nBracketed long forms are Tome's expansions from common Blood Bowl usage (Mutation is the physical-ability category); the roster prints only the short forms.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "MLAF Magic System" },
    "aliases": [],
    "links": ["mlaf/rule/spellcasters", "mlaf/spell/siren-song", "mlaf/table/spell-table"],
    "mentions": [{ "id": "mlaf/spell/siren-song", "name": "Siren Song" }, { "id": "mlaf/table/spell-table", "name": "Spell Table" }],
    "backlinks": ["mlaf/spell/siren-song"],
    "detail": {
      "race": "Amazon",
      "ma": 6,
      "st": 3,
      "ag": 3,
      "av": 7,
      "skills": ["Dodge", "Level 1", "Siren Song"],
      "categories": ["Gen", "Spells"],
      "cost": 100000,
      "spell": "Siren Song",
      "spell_id": "mlaf/spell/siren-song"
    }
  },
  {
    "id": "mlaf/position/muezzin",
    "name": "Muezzin",
    "kind": "position",
    "system": "mlaf",
    "summary": "The Araby caller to holy war; no extra skills, but his Cry of Jyhad turns the whole team into frenzied hitters for a turn.",
    "body": "- Profile: MA 6, ST 3, AG 3, AV 7; costs 80,000 gp.\n- Starting skills: Level 1, Cry of Jyhad.\n- Star Player Roll categories: Gen (General), Spells (may roll on the Spell Table).\n- Racial spell: Cry of Jyhad, which no other caster can learn; at level 1 he casts one spell per match.\n\nBracketed long forms are Tome's expansions from common Blood Bowl usage (Mutation is the physical-ability category); the roster prints only the short forms.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "MLAF Magic System" },
    "aliases": [],
    "links": ["mlaf/rule/spellcasters", "mlaf/table/spell-table"],
    "mentions": [{ "id": "mlaf/table/spell-table", "name": "Spell Table" }],
    "backlinks": [],
    "detail": {
      "race": "Araby",
      "ma": 6,
      "st": 3,
      "ag": 3,
      "av": 7,
      "skills": ["Level 1", "Cry of Jyhad"],
      "categories": ["Gen", "Spells"],
      "cost": 80000,
      "spell": "Cry of Jyhad",
      "spell_id": "mlaf/spell/cry-of-jyhad"
    }
  },
  {
    "id": "mlaf/position/sorcerer",
    "name": "Sorcerer",
    "kind": "position",
    "system": "mlaf",
    "summary": "The agile Dark Elf caster who can drop a target stunned at range with Tormented Soul.",
    "body": "- Profile: MA 6, ST 3, AG 4, AV 8; costs 140,000 gp.\n- Starting skills: Level 1, Tormented Soul.\n- Star Player Roll categories: Gn (General), Ag (Agility), Spells (may roll on the Spell Table).\n- Racial spell: Tormented Soul, which no other caster can learn; at level 1 he casts one spell per match.\n\nBracketed long forms are Tome's expansions from common Blood Bowl usage (Mutation is the physical-ability category); the roster prints only the short forms.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "MLAF Magic System" },
    "aliases": [],
    "links": ["mlaf/rule/spellcasters", "mlaf/table/spell-table"],
    "mentions": [{ "id": "mlaf/table/spell-table", "name": "Spell Table" }],
    "backlinks": [],
    "detail": {
      "race": "Dark Elf",
      "ma": 6,
      "st": 3,
      "ag": 4,
      "av": 8,
      "skills": ["Level 1", "Tormented Soul"],
      "categories": ["Gn", "Ag", "Spells"],
      "cost": 140000,
      "spell": "Tormented Soul",
      "spell_id": "mlaf/spell/tormented-soul"
    }
  },
  {
    "id": "mlaf/table/spell-table",
    "name": "Spell Table",
    "kind": "table",
    "system": "mlaf",
    "summary": "Roll 3D6 when a spellcaster uses a Star Player Roll to learn an open spell; the success column is the d6 target for casting it later, not for learning it.",
    "body": "- Only spellcasters may roll here, and learning the rolled spell is automatic.\n- 3: pick any spell from the table. 18: the caster's level goes up by 1.\n- Rolling a spell the caster already knows raises his level by 1 instead.\n- On a doubles Star Player Roll a caster may simply choose any spell from the table.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "Spell Table" },
    "aliases": [],
    "links": ["mlaf/spell/medusas-gaze", "mlaf/spell/lightning-bolt"],
    "mentions": [],
    "backlinks": ["mlaf/position/siren", "mlaf/position/muezzin", "mlaf/position/sorcerer", "mlaf/rule/spellcasters", "mlaf/spell/medusas-gaze", "mlaf/spell/lightning-bolt"],
    "detail": {
      "dice": "3d6",
      "columns": ["3D6", "Spell", "success"]
    }
  },
  {
    "id": "mlaf/table/mutation-table",
    "name": "Mutation Table",
    "kind": "table",
    "system": "mlaf",
    "summary": "The Dark Initiation list: 1D20 for a player offered to the Dark Gods; 1-15 is a mutation (and he misses the next game), 16-20 kills him.",
    "body": "Used by the Chaos Priest's Dark Initiation spell, and on that spell's failure for the Priest himself if he earned SPP that match.\n\n- A mutation the player already has counts as death too.\n- No apothecary, card or Regeneration prevents the missed game or the death.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "Racial spells" },
    "aliases": ["list of mutations", "Dark Initiation table"],
    "links": [],
    "mentions": [],
    "backlinks": [],
    "detail": {
      "dice": "1d20",
      "columns": ["1d20", "Mutation"]
    }
  },
  {
    "id": "mlaf/rule/spellcasters",
    "name": "Spellcasters",
    "kind": "rule",
    "system": "mlaf",
    "summary": "A team may field one spellcaster, a normal player who can also cast as many spells per match as his level; each successful cast earns him 1 SPP.",
    "body": "- **One per team.** Each race may hire at most one spellcaster (see its roster entry). He sits on the roster like any player, takes normal actions and earns SPP the usual way.\n- **Level = spells per match.** A rookie caster is level 1 and may cast one spell per game; at level 3 he may cast three per match, and so on. Never more than one spell per turn.\n- **SPP.** Every successful casting roll gives him 1 SPP.\n- **On the pitch.** As a rule he must be on the field to cast (see How to cast spells).\n- **Special player slot.** He fills one special player slot, so a team with a spellcaster can have only one other special player.\n- **Racial spell.** Each caster starts with a racial spell that is not on the Spell Table and that no other caster can learn. More spells come from Star Player Rolls.",
    "source": { "document": "MLAF Magic System", "file": "002_a66723b98f52e099.txt", "section": "MLAF Magic System" },
    "aliases": ["spellcaster", "caster", "level", "spellcaster level", "Level 1", "Lvl 1", "L-1"],
    "links": ["mlaf/table/spell-table"],
    "mentions": [],
    "backlinks": ["mlaf/position/siren", "mlaf/position/muezzin", "mlaf/position/sorcerer"],
    "detail": { "formula": null }
  },
  {
    "id": "primal-wild/rule/clash-dice-pool",
    "name": "Clash Dice Pool",
    "kind": "rule",
    "system": "primal-wild",
    "summary": "Each duelist rolls Gnosis + Sword Arcanum every clash, with cumulative modifiers for fresh Swords, sustained spells and distractions.",
    "body": "One roll per duelist per clash. Cumulative modifiers:\n- **+1 to +5:** +1 die for each consecutive earlier clash in which the current Sword Arcanum was *not* used to attack (rewards swapping in a fresh Sword).\n- **-1:** the duelist has any spells sustained on their person.\n- **-1 to -3:** the surroundings of the duel are noisy or distracting.",
    "source": {
      "document": "Primal Wild: Magic Permutations",
      "file": "003_3934b0afde6de550.txt",
      "section": "The Duel Arcane"
    },
    "aliases": ["Clash Dicepool"],
    "links": ["primal-wild/table/clash-dice-pool-modifiers"],
    "mentions": [],
    "backlinks": ["primal-wild/table/clash-dice-pool-modifiers"],
    "detail": { "formula": "Gnosis + Sword Arcanum" }
  },
  {
    "id": "primal-wild/table/clash-dice-pool-modifiers",
    "name": "Clash Dice Pool Modifiers",
    "kind": "table",
    "system": "primal-wild",
    "summary": "Cumulative modifiers to the Gnosis + Sword Arcanum clash roll in a Duel Arcane.",
    "body": "",
    "source": {
      "document": "Primal Wild: Magic Permutations",
      "file": "003_3934b0afde6de550.txt",
      "section": "The Duel Arcane"
    },
    "aliases": ["Cumulative Modifiers", "Clash Dicepool modifiers"],
    "links": ["primal-wild/rule/clash-dice-pool"],
    "mentions": [],
    "backlinks": ["primal-wild/rule/clash-dice-pool"],
    "detail": {
      "dice": null,
      "columns": ["Modifier", "Circumstance"]
    }
  }
];

export const mockTables: Table[] = [
  {
    "id": "ars-magica/table/damage-table",
    "name": "Damage Table",
    "system": "ars-magica",
    "dice": null,
    "columns": ["Size", "Light", "Medium", "Heavy", "Incapacitating", "Dead"],
    "rows": [
      {
        "roll": null,
        "key": { "from": null, "to": -4 },
        "cells": ["-4 or less", "1", "2", "3", "4", "5+"]
      },
      {
        "roll": null,
        "key": { "from": -3, "to": -3 },
        "cells": ["-3", "1-2", "3-4", "5-6", "7-8", "9+"]
      },
      {
        "roll": null,
        "key": { "from": -2, "to": -2 },
        "cells": ["-2", "1-3", "4-6", "7-9", "10-12", "13+"]
      },
      {
        "roll": null,
        "key": { "from": -1, "to": -1 },
        "cells": ["-1", "1-4", "5-8", "9-12", "13-16", "17+"]
      },
      {
        "roll": null,
        "key": { "from": 0, "to": 0 },
        "cells": ["0", "1-5", "6-10", "11-15", "16-20", "21+"]
      },
      {
        "roll": null,
        "key": { "from": 1, "to": 1 },
        "cells": ["+1", "1-6", "7-12", "13-18", "19-24", "25+"]
      },
      {
        "roll": null,
        "key": { "from": 2, "to": 2 },
        "cells": ["+2", "1-7", "8-14", "15-21", "22-28", "29+"]
      },
      {
        "roll": null,
        "key": { "from": 3, "to": 3 },
        "cells": ["+3", "1-8", "9-16", "17-24", "25-32", "33+"]
      }
    ]
  },
  {
    "id": "ars-magica/table/wound-table",
    "name": "Wound Table",
    "system": "ars-magica",
    "dice": null,
    "columns": ["Wound Taken", "Penalty Per Wound"],
    "rows": [
      {
        "roll": null,
        "key": null,
        "cells": ["Light", "-1"]
      },
      {
        "roll": null,
        "key": null,
        "cells": ["Medium", "-3"]
      },
      {
        "roll": null,
        "key": null,
        "cells": ["Heavy", "-5"]
      },
      {
        "roll": null,
        "key": null,
        "cells": ["Incapacitated", "*"]
      }
    ]
  },
  {
    "id": "mlaf/table/spell-table",
    "name": "Spell Table",
    "system": "mlaf",
    "dice": "3d6",
    "columns": ["3D6", "Spell", "success"],
    "rows": [
      {
        "roll": [3, 3],
        "key": null,
        "cells": ["3", "choose a spell", "auto"]
      },
      {
        "roll": [4, 4],
        "key": null,
        "cells": ["4", "A Soul in Chains", "4+"]
      },
      {
        "roll": [5, 5],
        "key": null,
        "cells": ["5", "Medusa’s Gaze", "3+"]
      },
      {
        "roll": [6, 6],
        "key": null,
        "cells": ["6", "Speed of Light", "3+"]
      },
      {
        "roll": [7, 7],
        "key": null,
        "cells": ["7", "Power Drain", "3+"]
      },
      {
        "roll": [8, 8],
        "key": null,
        "cells": ["8", "Healing Hand", "2+"]
      },
      {
        "roll": [9, 9],
        "key": null,
        "cells": ["9", "Lightning Bolt", "2+"]
      },
      {
        "roll": [10, 10],
        "key": null,
        "cells": ["10", "Toad", "2+"]
      },
      {
        "roll": [11, 11],
        "key": null,
        "cells": ["11", "Guidance", "2+"]
      },
      {
        "roll": [12, 12],
        "key": null,
        "cells": ["12", "Fire Ball", "2+"]
      },
      {
        "roll": [13, 13],
        "key": null,
        "cells": ["13", "Counterspell", "2+"]
      },
      {
        "roll": [14, 14],
        "key": null,
        "cells": ["14", "Weather Control", "3+"]
      },
      {
        "roll": [15, 15],
        "key": null,
        "cells": ["15", "The Long Door", "3+"]
      },
      {
        "roll": [16, 16],
        "key": null,
        "cells": ["16", "Invisibility", "3+"]
      },
      {
        "roll": [17, 17],
        "key": null,
        "cells": ["17", "Time Bubble", "4+"]
      },
      {
        "roll": [18, 18],
        "key": null,
        "cells": ["18", "increase your level by 1", "auto"]
      }
    ]
  },
  {
    "id": "mlaf/table/mutation-table",
    "name": "Mutation Table",
    "system": "mlaf",
    "dice": "1d20",
    "columns": ["1d20", "Mutation"],
    "rows": [
      {
        "roll": [1, 1],
        "key": null,
        "cells": ["1", "Big Hand"]
      },
      {
        "roll": [2, 2],
        "key": null,
        "cells": ["2", "Claw"]
      },
      {
        "roll": [3, 3],
        "key": null,
        "cells": ["3", "Extra Arms"]
      },
      {
        "roll": [4, 4],
        "key": null,
        "cells": ["4", "Foul Appearance"]
      },
      {
        "roll": [5, 5],
        "key": null,
        "cells": ["5", "Horns"]
      },
      {
        "roll": [6, 6],
        "key": null,
        "cells": ["6", "Hypnotic Gaze"]
      },
      {
        "roll": [7, 7],
        "key": null,
        "cells": ["7", "Prehensile Tail"]
      },
      {
        "roll": [8, 8],
        "key": null,
        "cells": ["8", "Razor Sharp Fangs"]
      },
      {
        "roll": [9, 9],
        "key": null,
        "cells": ["9", "Regeneration"]
      },
      {
        "roll": [10, 10],
        "key": null,
        "cells": ["10", "Spikes"]
      },
      {
        "roll": [11, 11],
        "key": null,
        "cells": ["11", "Stunty"]
      },
      {
        "roll": [12, 12],
        "key": null,
        "cells": ["12", "Tentacles"]
      },
      {
        "roll": [13, 13],
        "key": null,
        "cells": ["13", "Thick Skull"]
      },
      {
        "roll": [14, 14],
        "key": null,
        "cells": ["14", "Two Heads"]
      },
      {
        "roll": [15, 15],
        "key": null,
        "cells": ["15", "Very Long Legs"]
      },
      {
        "roll": [16, 20],
        "key": null,
        "cells": ["16-20", "dead, DEAD, DEAD!!!"]
      }
    ]
  },
  {
    "id": "primal-wild/table/clash-dice-pool-modifiers",
    "name": "Clash Dice Pool Modifiers",
    "system": "primal-wild",
    "dice": null,
    "columns": ["Modifier", "Circumstance"],
    "rows": [
      {
        "roll": null,
        "key": null,
        "cells": ["+1 to +5", "+1 die per consecutive earlier clash in which the current Sword did not attack"]
      },
      {
        "roll": null,
        "key": null,
        "cells": ["-1", "Any spells sustained on the duelist's person"]
      },
      {
        "roll": null,
        "key": null,
        "cells": ["-1 to -3", "Noisy or distracting surroundings"]
      }
    ]
  }
];
