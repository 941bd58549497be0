//! Issue 42, "answer when asked": the rolls and calls that belong to a player, asked of
//! their phone by the game master's tracker. A single die (a MythCraft defender's roll)
//! goes to the target's phone; an Amtgard player says where the blow landed (a choice);
//! a Primal Wild duelist rolls their own clash pool, as the duel's terms give it now.

use crate::common::client;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use client::{get, join, request, Answer};
use tome::characters::SheetValue;
use tome::encounters::{AnswerForm, Event};
use tome::share::{RollAsk, Share, ShareOptions};
use tome::shared::SharedTome;
use tome::Tome;

fn inputs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// A table sharing encounter `e`, with one phone given character `id`.
fn shared(t: Tome, e: i64, id: i64) -> (Arc<SharedTome>, Share, String) {
    let tome = Arc::new(SharedTome::open(t));
    let options = ShareOptions {
        address: Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        port: 0,
        encounter: Some(e),
        code_ttl: Duration::from_secs(60),
        ..Default::default()
    };
    let share = Share::start(tome.clone(), options).unwrap();
    let phone = join(share.address(), &share.code(), "Ilse's phone").unwrap();
    let device = share.devices()[0].id;
    share.assign(device, Some(id)).unwrap();
    (tome, share, phone)
}

fn answer(share: &Share, phone: &str, body: &str) -> Answer {
    request(
        share.address(),
        "POST",
        "/api/answer",
        &[("Cookie", phone), ("Content-Type", "application/json")],
        body.as_bytes(),
    )
}

fn mine(share: &Share, phone: &str) -> serde_json::Value {
    serde_json::from_str(&get(share.address(), "/api/mine", Some(phone)).body).unwrap()
}

/// The tracker's ask for field `f`, as the app sends it.
fn ask_of(f: &tome::encounters::PhoneField) -> RollAsk {
    RollAsk {
        label: f.label.clone(),
        dice: f.dice.clone(),
        to: Some(f.character),
        calculator: None,
        form: f.form.clone(),
    }
}

/// An Ars Magica fight not yet started: Ilse (a player's character) and a Brigand.
fn crypt() -> (Tome, i64, tome::characters::Character) {
    let mut t = Tome::open_in_memory().unwrap();
    let ilse = t.create_character("ars-magica", "Ilse").unwrap();
    let ilse = t.save_character(&ilse).unwrap();
    let e = t.create_encounter("ars-magica", "Crypt").unwrap().id;
    t.encounter_add_character(e, ilse.id).unwrap();
    t.encounter_add_npc(e, "Brigand", 1, BTreeMap::new()).unwrap();
    (t, e, ilse)
}

/// Ars Magica 001: the attacker rolls the Attack stress die and the defender the Defense
/// die (lines 62–84); a spell's target rolls Soak (lines 93–94).
#[test]
fn a_defenders_die_is_asked_of_her_phone_and_a_hidden_attacker_is_not_named() {
    let (mut t, e, _) = crypt();
    let before: Vec<String> = t
        .phone_fields(e, "attack", Some("Brigand"), &inputs(&[("target", "Ilse")]))
        .unwrap()
        .into_iter()
        .map(|f| f.label)
        .collect();
    assert_eq!(before, ["Defense die (Attack)"], "before the start the table is shown no one, so no one is named");
    t.encounter_start(e, &[("Brigand".into(), 20), ("Ilse".into(), 5)], &[], None).unwrap();
    let asked = |t: &Tome, who: &str, target: &str| -> Vec<(String, String, String)> {
        let fields = t.phone_fields(e, "attack", Some(who), &inputs(&[("target", target)])).unwrap();
        assert!(fields.iter().all(|f| f.form == AnswerForm::Dice && f.dice == "stress" && f.name == "Ilse"));
        fields.into_iter().map(|f| (f.param, f.name, f.label)).collect()
    };
    let defending = asked(&t, "Brigand", "Ilse");
    assert_eq!(defending.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["defense-die"], "{defending:?}");
    assert_eq!(defending[0].2, "Defense die (Attack by Brigand)");
    let attacking = asked(&t, "Ilse", "Brigand");
    assert_eq!(attacking.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["attack-die"], "{attacking:?}");
    assert_eq!(attacking[0].2, "Attack die (Attack)", "her own attack names nobody else");
    // A hidden attacker is not named to the phone; a hidden player is not asked at all.
    t.encounter_change(e, Event::Hide { name: "Brigand".into(), hidden: true }).unwrap();
    assert_eq!(asked(&t, "Brigand", "Ilse")[0].2, "Defense die (Attack)");
    t.encounter_change(e, Event::Hide { name: "Ilse".into(), hidden: true }).unwrap();
    assert_eq!(asked(&t, "Brigand", "Ilse"), vec![]);
    t.encounter_change(e, Event::Hide { name: "Ilse".into(), hidden: false }).unwrap();
    assert_eq!(asked(&t, "Brigand", "Brigand"), vec![], "no player's character in it");
}

/// An attacker named when the defender's die was asked, and hidden before she answers,
/// is no more named on her phone than on the board (the table's leak test found the
/// label still naming him).
#[test]
fn an_attacker_hidden_after_the_ask_is_no_longer_named_on_the_phone() {
    let (mut t, e, ilse) = crypt();
    t.encounter_start(e, &[("Brigand".into(), 20), ("Ilse".into(), 5)], &[], None).unwrap();
    let field = t.phone_fields(e, "attack", Some("Brigand"), &inputs(&[("target", "Ilse")])).unwrap().remove(0);
    let (tome, share, phone) = shared(t, e, ilse.id);
    share.ask_roll(ask_of(&field)).unwrap();
    assert_eq!(mine(&share, &phone)["asks"][0]["label"], "Defense die (Attack by Brigand)");
    let hide = |hidden: bool| {
        tome.run("test", |t| t.encounter_change(e, Event::Hide { name: "Brigand".into(), hidden })).unwrap();
    };
    hide(true);
    let body = get(share.address(), "/api/mine", Some(&phone)).body;
    assert!(!body.contains("Brigand"), "{body}");
    assert_eq!(mine(&share, &phone)["asks"][0]["label"], "Defense die (Attack)");
    assert_eq!(share.asks()[0].ask.label, "Defense die (Attack by Brigand)", "the game master's own list names him");
    hide(false);
    assert_eq!(mine(&share, &phone)["asks"][0]["label"], "Defense die (Attack by Brigand)");
    // One hidden all along is left as the game master wrote it: taking it out would tell
    // the phone that someone hidden bears the name.
    tome.run("test", |t| t.encounter_add_npc(e, "Lurker", 1, BTreeMap::new())).unwrap();
    tome.run("test", |t| t.encounter_change(e, Event::Hide { name: "Lurker".into(), hidden: true })).unwrap();
    share.ask_roll(RollAsk { label: "Soak against the Lurker".into(), ..ask_of(&field) }).unwrap();
    assert_eq!(mine(&share, &phone)["asks"][1]["label"], "Soak against the Lurker");
}

/// Amtgard is played on foot with foam weapons: where a blow landed is the struck
/// player's call (000 lines 200 ff.: a location's wounds), so the one hit is asked.
#[test]
fn an_amtgard_player_says_from_her_phone_where_the_blow_landed() {
    let mut t = Tome::open_in_memory().unwrap();
    let ilse = t.create_character("amtgard", "Ilse").unwrap();
    let ilse = t.save_character(&ilse).unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    t.encounter_add_character(e, ilse.id).unwrap();
    t.encounter_add_npc(e, "Raider", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    let fields = t.phone_fields(e, "hit", Some("Ilse"), &BTreeMap::new()).unwrap();
    let location = fields.iter().find(|f| f.param == "location").expect("the location is asked");
    let AnswerForm::Choice { options, labels } = &location.form else { panic!("a choice: {location:?}") };
    assert_eq!(options, &["torso", "left-arm", "right-arm", "left-leg", "right-leg"]);
    assert_eq!(labels[1], "Left arm");
    assert_eq!(location.label, "Where were you struck? (Hit)");
    assert!(
        t.phone_fields(e, "hit", Some("Ilse"), &inputs(&[("struck", "shield")]))
            .unwrap()
            .iter()
            .all(|f| f.param != "location"),
        "a blow on the shield has no location to ask"
    );
    assert!(t.phone_fields(e, "hit", Some("Raider"), &BTreeMap::new()).unwrap().is_empty(), "no phone for a Raider");

    let (tome, share, phone) = shared(t, e, ilse.id);
    let item = share.ask_roll(ask_of(location)).unwrap();
    let asked = mine(&share, &phone)["asks"][0].clone();
    assert_eq!(asked["form"]["type"], "choice", "{asked}");
    let number = answer(&share, &phone, &format!(r#"{{"ask": {}, "roll": 3}}"#, item.id));
    assert_eq!(number.status, 400, "a choice is not a number: {}", number.body);
    let wrong = answer(&share, &phone, &format!(r#"{{"ask": {}, "choice": "head"}}"#, item.id));
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    assert!(wrong.body.contains("left-arm"), "says what may be answered: {}", wrong.body);
    let said = answer(&share, &phone, &format!(r#"{{"ask": {}, "choice": "left-arm"}}"#, item.id));
    assert_eq!(said.status, 200, "{}", said.body);
    let got = share.asks().remove(0).answers.remove(0);
    assert_eq!((got.value.as_str(), got.text.as_str(), got.rolled), ("left-arm", "Left arm", false));
    assert_eq!(mine(&share, &phone)["asks"][0]["answered"], "Left arm");
    // The tracker puts the answer in the field and the hit lands there.
    tome.run("test", |t| t.encounter_act_form(e, "hit", Some("Ilse"), inputs(&[("location", &got.value)]), None))
        .unwrap();
    let log = tome.run("test", |t| t.encounter_log(e)).unwrap();
    let last = log.last().unwrap().lines.join(" ").to_lowercase();
    assert!(last.contains("left arm"), "{last}");
}

/// Primal Wild 003, the Duel Arcane: each duelist rolls their own clash pool (Gnosis +
/// the Sword's Arcanum, less a die per point of distraction for both).
#[test]
fn a_duelists_phone_rolls_her_own_clash_pool_as_the_duel_gives_it() {
    let mut t = Tome::open_in_memory().unwrap();
    let mut ada = t.create_character("primal-wild", "Ada").unwrap();
    for (k, v) in [("gnosis", 3), ("arcanum.forces", 3), ("arcanum.prime", 2), ("willpower", 5)] {
        ada.values.insert(k.into(), SheetValue::Int(v));
    }
    let ada = t.save_character(&ada).unwrap();
    let e = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
    t.encounter_add_character(e, ada.id).unwrap();
    let bram = [("gnosis", 2), ("death", 2), ("mind", 2), ("prime", 1), ("wp", 4)];
    t.encounter_add_npc(e, "Bram", 1, bram.iter().map(|(k, v)| (k.to_string(), *v)).collect()).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    for (who, sword, shield) in [("Ada", "forces", "prime"), ("Bram", "death", "mind")] {
        t.encounter_act_form(e, "arms", Some(who), inputs(&[("sword", sword), ("shield", shield)]), None).unwrap();
    }
    let pool = |t: &Tome, pairs: &[(&str, &str)]| -> Option<i64> {
        let fields = t.phone_fields(e, "clash", None, &inputs(pairs)).unwrap();
        assert!(fields.iter().all(|f| f.name == "Ada" && f.named), "Ada's phone alone: {fields:?}");
        fields.first().map(|f| match f.form {
            AnswerForm::Pool { dice, chance: false } => dice,
            ref other => panic!("a pool: {other:?}"),
        })
    };
    let calm = pool(&t, &[]).expect("Ada's pool is asked");
    let calc =
        t.calculate("primal-wild", "clash", inputs(&[("gnosis", "3"), ("sword", "3"), ("unused", "0")])).unwrap();
    let dice_pool = calc.fields.iter().find(|(k, _)| k == "dice_pool").map(|(_, v)| v.as_i64());
    assert_eq!(dice_pool, Some(Some(calm)), "the clash calculator's pool: {calc:?}");
    assert_eq!(pool(&t, &[("distraction", "2")]), Some(calm - 2), "each point of distraction costs a die");
    assert_eq!(pool(&t, &[("passive", "Ada")]), None, "a passive duelist rolls nothing");
    assert_eq!(pool(&t, &[("rolls", "Ada=2")]), None, "typed already");

    let field = t.phone_fields(e, "clash", None, &BTreeMap::new()).unwrap().remove(0);
    assert_eq!(field.label, "Your clash successes (Clash)");
    let (_tome, share, phone) = shared(t, e, ada.id);
    let item = share.ask_roll(ask_of(&field)).unwrap();
    let asked = mine(&share, &phone)["asks"][0].clone();
    assert_eq!((asked["form"]["type"].as_str(), asked["max"].as_i64()), (Some("pool"), Some(50)), "{asked}");
    let absurd = answer(&share, &phone, &format!(r#"{{"ask": {}, "roll": 51}}"#, item.id));
    assert_eq!(absurd.status, 400, "{}", absurd.body);
    let rolled = answer(&share, &phone, &format!(r#"{{"ask": {}, "roll": null}}"#, item.id));
    assert_eq!(rolled.status, 200, "{}", rolled.body);
    let got = share.asks().remove(0).answers.remove(0);
    assert!(got.rolled && got.text.starts_with(&format!("{calm} dice: ")), "{got:?}");
    assert_eq!(got.value, got.roll.to_string());
    assert!((0..=50).contains(&got.roll));
}

#[test]
fn a_bad_choice_or_pool_is_refused_when_asked() {
    let mut t = Tome::open_in_memory().unwrap();
    let ilse = t.create_character("amtgard", "Ilse").unwrap();
    let ilse = t.save_character(&ilse).unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    let (_tome, share, _phone) = shared(t, e, ilse.id);
    let ask =
        |form: AnswerForm| RollAsk { label: "Where?".into(), dice: String::new(), to: None, calculator: None, form };
    let choice = |options: &[&str], labels: &[&str]| AnswerForm::Choice {
        options: options.iter().map(|o| o.to_string()).collect(),
        labels: labels.iter().map(|o| o.to_string()).collect(),
    };
    assert!(share.ask_roll(ask(choice(&[], &[]))).is_err(), "no options");
    assert!(share.ask_roll(ask(choice(&["a", "b"], &["A"]))).is_err(), "labels do not match");
    assert!(share.ask_roll(ask(choice(&["a\u{202e}"], &[]))).is_err(), "text turned around");
    assert!(share.ask_roll(ask(AnswerForm::Pool { dice: 0, chance: false })).is_err(), "no dice");
    assert!(share.ask_roll(ask(AnswerForm::Pool { dice: 51, chance: false })).is_err(), "too many");
    assert!(share.ask_roll(ask(AnswerForm::Dice)).is_err(), "dice asked without dice");
    assert!(share.ask_roll(ask(choice(&["torso", "left-arm"], &[]))).is_ok());
    assert!(share.ask_roll(ask(AnswerForm::Pool { dice: 0, chance: true })).is_ok());
}

/// Issue 56, fair dice: a roll asked of a phone is Tome's first roll. Roll for me again,
/// or twice at once, answers the same roll; the game master sees one answer.
#[test]
fn roll_for_me_tapped_again_answers_the_same_roll() {
    let mut t = Tome::open_in_memory().unwrap();
    let ilse = t.create_character("ars-magica", "Ilse").unwrap();
    let ilse = t.save_character(&ilse).unwrap();
    let e = t.create_encounter("ars-magica", "Crypt").unwrap().id;
    t.encounter_add_character(e, ilse.id).unwrap();
    let (_tome, share, phone) = shared(t, e, ilse.id);
    let asked = share
        .ask_roll(RollAsk {
            label: "Soak".into(),
            dice: "stress".into(),
            to: Some(ilse.id),
            calculator: None,
            form: AnswerForm::Dice,
        })
        .unwrap();
    let body = format!(r#"{{"ask": {}, "roll": null}}"#, asked.id);
    let taps: Vec<String> = std::thread::scope(|s| {
        let tap = || s.spawn(|| answer(&share, &phone, &body));
        let (a, b) = (tap(), tap());
        [a.join().unwrap(), b.join().unwrap()].into_iter().map(|x| x.body).collect()
    });
    let again = answer(&share, &phone, &body);
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(taps.iter().all(|x| x == &again.body), "{taps:?} / {}", again.body);
    let answers = share.asks().into_iter().find(|a| a.id == asked.id).unwrap().answers;
    assert_eq!(answers.len(), 1, "{answers:?}");
    let typed = answer(&share, &phone, &format!(r#"{{"ask": {}, "roll": 7}}"#, asked.id));
    assert_eq!(typed.status, 400, "a typed die does not replace Tome's roll: {}", typed.body);
}
