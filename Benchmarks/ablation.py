#!/usr/bin/env python3
"""`make bench-ablation`: what each rule family adds, on the check sets.

Runs `noteledger extract --jsonl` on each set with every family on, then once per family with
that family switched off (NOTELEDGER_RULES_OFF), and prints the change of every field, and of
`no_merchant`: of the expenses that name no merchant, the share given none (nothing invented).

usage: ablation.py [--bin PATH] [--eval DIR] [--sets val,sms_val] [--backend model|rules]
                   [--families a,b]   (default: every family `noteledger` knows)
"""
import argparse, json, os, subprocess, sys, tempfile

FAMILIES = ["category-calibration", "introduced-merchant", "amount-arithmetic", "number-words",
            "non-expense-cues", "balance-words", "relative-dates", "merchant-shape",
            "generic-merchants", "category-keywords", "percentages", "descriptive-names", "brand-lexicon"]
FIELDS = ["amount", "merchant", "currency", "category", "date", "non_expense", "no_merchant"]


def run(binary, backend, gold, off, out_path):
    env = dict(os.environ, NOTELEDGER_RULES_OFF=off)
    with open(out_path, "w", encoding="utf-8") as out:
        subprocess.run([binary, "extract", "--backend", backend, "--jsonl", gold], stdout=out,
                       stderr=subprocess.DEVNULL, check=True, env=env)


def score(score_py, gold, pred):
    result = json.loads(subprocess.run([sys.executable, score_py, gold, pred, "--json"],
                                       capture_output=True, text=True, check=True).stdout)
    result["no_merchant"] = no_merchant(gold, pred)
    return result


def no_merchant(gold, pred):
    """Of the expenses that name no merchant, the share given none (score.py scores only named ones)."""
    expect = {}
    with open(gold, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                item = json.loads(line)
                expect[item["id"]] = item["expect"]
    unnamed = kept = 0
    with open(pred, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            item = json.loads(line)
            want = expect.get(item.get("id"))
            if want and want.get("is_expense") and want.get("merchant") is None:
                unnamed += 1
                kept += item.get("merchant") is None
    return kept / unnamed if unnamed else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/noteledger")
    ap.add_argument("--eval", default="../shared/eval")
    ap.add_argument("--sets", default="val,sms_val")
    ap.add_argument("--backend", default="model")
    ap.add_argument("--families", default=",".join(FAMILIES))
    args = ap.parse_args()
    score_py = os.path.join(args.eval, "score.py")
    work = tempfile.mkdtemp(prefix="noteledger-ablation-")
    print("| family switched off | set | " + " | ".join(FIELDS) + " |")
    print("|---|---|" + "---:|" * len(FIELDS))
    for name in args.sets.split(","):
        gold = os.path.join(args.eval, f"{name}.jsonl")
        base_path = os.path.join(work, f"{name}-all.jsonl")
        run(args.bin, args.backend, gold, "", base_path)
        base = score(score_py, gold, base_path)
        cell = lambda v: "–" if v is None else f"{v:.3f}"
        print(f"| (none: every family on) | {name} | " + " | ".join(cell(base.get(f)) for f in FIELDS) + " |")
        for family in args.families.split(","):
            path = os.path.join(work, f"{name}-{family}.jsonl")
            run(args.bin, args.backend, gold, family, path)
            got = score(score_py, gold, path)
            def delta(f):
                if base.get(f) is None or got.get(f) is None:
                    return "–"
                d = got[f] - base[f]
                return "0" if abs(d) < 0.0005 else f"{d:+.3f}"
            print(f"| {family} | {name} | " + " | ".join(delta(f) for f in FIELDS) + " |", flush=True)


if __name__ == "__main__":
    main()
