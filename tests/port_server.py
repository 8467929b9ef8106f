"""A port in Python for the tests of tests/test_port*.py: serves a Python game over
cardsim's port protocol (docs/testing.md, "Ports in any language"), and misbehaves on
request, to show what the checker makes of each fault.

    python tests/port_server.py [--engine example|reference] [FAULT ...]

``--engine example`` (the default) serves examples/clock_patience.py, which imports
nothing of cardsim, so the port starts in a blink (the checker restarts a port after
each crash while it shrinks); ``reference`` serves any game of cardsim's pure-Python
reference. The faults, each at the N-th ``apply`` of a game: ``--crash N`` (exit 3,
a message on stderr), ``--garbage N`` (a line that is not JSON), ``--hang N`` (no
reply), ``--wrong-id N``; and ``--kings`` (the example's planted bug: a king tucked at
the centre is not counted), ``--accept-illegal`` (an illegal action is accepted and
ignored), ``--dirty-refusal`` (an illegal action is refused after a legal one is
played), ``--deep`` and ``--nan`` (``to_dict`` answers a list nested 100,000 deep, or
NaN), ``--linger`` (stays a minute after its input ends), ``--protocol V`` (says
version V in hello), ``--exit-at-start``, ``--extra-method NAME`` (offers a method the
protocol does not know).
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "clock_patience.py"
METHODS = ["is_truncated", "winners", "is_draw", "to_dict", "observation"]
METHODS += ["legal_action_mask", "action_to_string", "string_to_action"]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--engine", choices=("example", "reference"), default="example")
    for fault in ("crash", "garbage", "hang", "wrong-id"):
        p.add_argument(f"--{fault}", type=int, default=0)
    p.add_argument("--kings", action="store_true")
    p.add_argument("--accept-illegal", action="store_true")
    p.add_argument("--dirty-refusal", action="store_true")
    p.add_argument("--deep", action="store_true")
    p.add_argument("--linger", action="store_true")
    p.add_argument("--nan", action="store_true")
    p.add_argument("--protocol", type=int, default=1)
    p.add_argument("--exit-at-start", action="store_true")
    p.add_argument("--extra-method", default=None)
    args = p.parse_args()
    if args.exit_at_start:
        print("port_server: told to exit at once", file=sys.stderr)
        sys.exit(5)
    if args.engine == "example":
        example = runpy.run_path(str(EXAMPLE))
        state_class = example["ClockState"]
        if args.kings:

            class KingsUncounted(state_class):  # type: ignore[misc, valid-type]
                def scores(self):
                    return [sum(len(pile) for pile in self.up[:12])]

            state_class = KingsUncounted
        games = ["clock"]
        methods = ["winners", "to_dict"]

        def deal(req):
            if "deck" not in req:
                raise NotImplementedError("explicit decks only")
            return state_class(list(req["deck"]))
    else:
        import cardsim

        games = [g.name for g in cardsim.games()]
        methods = METHODS

        def deal(req):
            game = cardsim.make(req["game"], backend="reference", **req["options"])
            return game.new_game(deck=req.get("deck"), seed=req.get("seed"))

    if args.extra_method:
        methods = [*methods, args.extra_method]
    state = None
    applies = 0
    for line in sys.stdin:
        req = json.loads(line)
        cmd, reply = req["cmd"], {"id": req["id"]}
        if cmd == "apply":
            applies += 1
            if applies == args.crash:
                print("port_server: crashing as told", file=sys.stderr, flush=True)
                sys.exit(3)
            if applies == args.garbage:
                print("Traceback? no: garbage as told", flush=True)
                continue
            if applies == args.hang:
                time.sleep(3600)
            if applies == args.wrong_id:
                reply["id"] = req["id"] + 7
        if cmd == "to_dict" and (args.deep or args.nan):
            value = "[" * 100_000 + "]" * 100_000 if args.deep else "NaN"
            print(f'{{"id": {req["id"]}, "ok": {value}}}', flush=True)
            continue
        try:
            if cmd == "hello":
                reply["ok"] = {"protocol": args.protocol, "games": games, "methods": methods}
            elif cmd == "new_game":
                state, applies = deal(req), 0
                reply["ok"] = None
            elif cmd == "apply":
                if req["action"] not in state.legal_actions():
                    if args.dirty_refusal and state.legal_actions():
                        state.apply_action(state.legal_actions()[0])
                    if not args.accept_illegal:
                        raise LookupError(f"illegal action {req['action']!r}")
                else:
                    state.apply_action(req["action"])
                reply["ok"] = None
            elif cmd in ("observation", "observation_tensor"):
                reply["ok"] = _plain(getattr(state, cmd)(req["player"]))
            elif cmd == "action_to_string":
                reply["ok"] = state.action_to_string(req["action"])
            elif cmd == "string_to_action":
                reply["ok"] = state.string_to_action(req["text"])
            else:
                reply["ok"] = _plain(getattr(state, cmd)())
        except LookupError as e:
            reply["error"] = {"kind": "illegal_action", "message": str(e)}
        except ValueError as e:
            reply["error"] = {"kind": "invalid_argument", "message": str(e)}
        except NotImplementedError as e:
            reply["error"] = {"kind": "unsupported", "message": str(e)}
        except Exception as e:
            reply["error"] = {"kind": "internal", "message": f"{type(e).__name__}: {e}"}
        print(json.dumps(reply), flush=True)
    if args.linger:  # a port that outstays its input: only a kill ends it
        time.sleep(60)


def _plain(value):
    # numpy arrays (masks, tensors) as lists: JSON has no arrays of its own kind.
    return value.tolist() if hasattr(value, "tolist") else value


if __name__ == "__main__":
    main()
