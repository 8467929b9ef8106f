"""Records from hostile files: deep nesting, endless files, loose types, big numbers,
control characters, and reference pickles that lie. Each is refused with a
ValueError or TypeError that names the field, never a RecursionError or a hang."""

from __future__ import annotations

import json
import pickle

import pytest

import cardsim
from cardsim.cli import main
from cardsim.guards.text import printable, shown
from cardsim.records.format import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, record


def _deep(n: int) -> object:
    x: object = 0
    for _ in range(n):
        x = [x]
    return x


def _good() -> dict:
    state = cardsim.make("rummy").new_game(seed=1)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    return record(state, source={"seed": 1, "index": 2, "policy": "greedy"})


def _set(rec: dict, field: str, value: object) -> None:
    *outer, last = field.split(".")
    for key in outer:
        rec = rec[key]
    rec[last] = value


FIELDS = [
    "actions",
    "seed",
    "format",
    "deck",
    "options.players",
    "outcome.scores",
    "outcome.digest",
    "source.seed",
    "source.index",
    "source.policy",
]


@pytest.mark.parametrize("field", FIELDS)
def test_deep_nesting_in_any_field_names_the_field(field):
    rec = _good()
    _set(rec, field, _deep(5000))
    with pytest.raises(ValueError, match=f"record field '{field}' nests") as e:
        cardsim.load_record(rec)
    assert len(str(e.value)) < 200


def test_nesting_at_the_limit_is_a_plain_type_error():
    rec = _good()
    rec["actions"] = [_deep(MAX_RECORD_DEPTH - 2)]
    with pytest.raises(TypeError, match="action 0 must be an int") as e:
        cardsim.load_record(rec)
    assert len(str(e.value)) < 200  # the repr of the value is bounded


def test_a_deeply_nested_file_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="too deep"):
        cardsim.load_record(path)


def test_the_cli_shows_no_traceback_for_a_deep_file(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardsim: error:") and "Traceback" not in err


def test_a_file_cut_inside_a_string_is_truncated(tmp_path):
    text = json.dumps(_good())
    path = tmp_path / "cut.json"
    path.write_text(text[: text.index('"cardsim_version"') + 22])
    with pytest.raises(ValueError, match="truncated"):
        cardsim.load_record(path)
    path.write_text(text.replace('"outcome"', '"outcome" x', 1))  # damage, not a cut
    with pytest.raises(ValueError, match="corrupted"):
        cardsim.load_record(path)


def test_endless_and_oversized_files_are_refused():
    with pytest.raises(ValueError, match="larger than 64 MiB"):
        cardsim.load_record("/dev/zero")
    assert MAX_RECORD_BYTES == 64 * 2**20


@pytest.mark.parametrize("key", ["seed", "index"])
@pytest.mark.parametrize("value", [2**64, 10**30, -1])
def test_source_seed_and_index_are_in_the_seed_range(key, value):
    rec = _good()
    rec["source"][key] = value
    with pytest.raises(ValueError, match=f"source {key} must be an int >= 0 below 2\\*\\*64"):
        cardsim.load_record(rec)
    rec["source"][key] = 2**64 - 1
    cardsim.load_record(rec)  # the largest seed is fine


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("outcome.moves", 5.0, "outcome moves must be an int"),
        ("outcome.moves", True, "outcome moves must be an int"),
        ("outcome.terminal", 0, "outcome terminal must be true or false"),
        ("outcome.draw", 0, "outcome draw must be true or false"),
        ("outcome.scores", [0.0, 0], "outcome scores entry must be an int"),
        ("outcome.winners", [False], "outcome winners entry must be an int"),
        ("outcome.digest", 7, "outcome digest must be a str"),
        ("seed", 1.0, "seed must be an int"),
        ("source.seed", 1.0, "source seed must be an int"),
    ],
)
def test_ints_and_bools_are_typed_strictly(field, value, match):
    rec = _good()
    _set(rec, field, value)
    with pytest.raises(TypeError, match=match):
        cardsim.load_record(rec)


def test_reference_pickles_load_through_the_checks():
    state = cardsim.make("clock", backend="reference").new_game(seed=3)
    data = pickle.dumps(state)
    assert pickle.loads(data) == state
    twice = data.replace(state.deck[1].encode(), state.deck[0].encode(), 1)
    with pytest.raises(ValueError, match="2 times"):
        pickle.loads(twice)
    played = cardsim.make("stack_gap", backend="reference", players=2).new_game(seed=1)
    for _ in range(3):
        played.apply_action(played.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(played))
    assert copy == played and copy.history == played.history and copy.seed == played.seed
    unpickle, (game, deck, history, seed) = played.__reduce__()
    with pytest.raises(cardsim.IllegalActionError):
        pickle.loads(pickle.dumps(_Reduces(unpickle, (game, deck, [*history, 10**6], seed))))
    with pytest.raises(ValueError, match="seed"):
        pickle.loads(pickle.dumps(_Reduces(unpickle, (game, deck, history, 2**64))))


class _Reduces:
    """Pickles as ``fn(*args)``: a hand-made pickle for the loader to judge."""

    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def __reduce__(self):
        return self.fn, self.args


def test_reference_game_pickles_recheck_options():
    game = cardsim.make("rummy", backend="reference", players=3)
    assert pickle.loads(pickle.dumps(game)) == game
    unpickle, (cls, options) = game.__reduce__()
    with pytest.raises(ValueError, match="players"):
        pickle.loads(pickle.dumps(_Reduces(unpickle, (cls, {**options, "players": 99}))))
    with pytest.raises(ValueError, match="corrupted game pickle"):
        pickle.loads(pickle.dumps(_Reduces(unpickle, (dict, options))))


# --- text from outside, shown safely ----------------------------------------------------
def test_printable_escapes_control_characters():
    assert (
        printable("a\x1b]0;owned\x07b\rc\x9bd\u202ee") == "a\\x1b]0;owned\\x07b\\x0dc\\x9bd\\u202ee"
    )
    assert printable("line\n\tnext") == "line\n\tnext"


def test_shown_is_bounded_and_safe():
    assert len(shown(_deep(100_000))) <= 120
    assert len(shown("x" * 10**6)) <= 120
    assert "bits" in shown(10**100_000)
    assert "\x1b" not in shown("\x1b[2J")


@pytest.mark.parametrize("field", ["options.scoring", "source.policy"])
def test_replay_writes_no_raw_escapes(tmp_path, capfd, field):
    rec = _good()
    _set(rec, field, "\x1b]0;owned\x07\x1b[2J")
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    out, err = capfd.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "\\x1b" in err
