#!/usr/bin/env python3
"""Builds the replay stream for `make bench-learn`: the labelled notes of dev, train and val in a
seeded random order, and each labelled merchant used again in new invented notes with other
wording, as a real ledger repeats its merchants (most once, some often); a note naming no
merchant comes back in its own words with another amount.

Each output line: {"id", "note", "merchant", "category", "source"}; "source" is "labelled" for a
note from the sets and "repeat" for an invented one. Gold merchant and category are the label's.

Usage: learn_stream.py [--seed N] [--eval DIR] > stream.jsonl
"""
import argparse
import json
import random
import re
from pathlib import Path

# Wording for a repeat, by the merchant's category (general words only), and wording any
# merchant can take. {m} is the merchant as written (sometimes lower or upper case), {a} the amount.
BY_CATEGORY = {
    "food": ["lunch at {m} {a}", "{m} dinner {a}", "coffee {m} {a}", "{a} groceries {m}", "{m} takeaway {a}",
             "breakfast, {m}, {a}"],
    "travel": ["{m} ride {a}", "{m} ticket {a}", "{a} {m} fare", "{m} booking {a}", "trip with {m} {a}"],
    "shopping": ["{m} order {a}", "bought a few things at {m} {a}", "{m} purchase {a}", "{a} at {m} for the flat"],
    "other": ["{m} bill {a}", "{m} {a} monthly", "paid {m} {a}", "{m} fee {a}", "{m} appointment {a}"],
}
ANY = ["{m} {a}", "{a} at {m}", "{m} - {a}", "paid {a} to {m}", "{m} again, {a}"]
CURRENCY = ["{}", "{}", "€{}", "${}", "£{}", "{} EUR"]


def repeats(rng: random.Random) -> int:
    """How many more times a merchant comes back: none for most, a long tail for a few."""
    roll = rng.random()
    if roll < 0.55:
        return 0
    if roll < 0.80:
        return rng.randint(1, 2)
    if roll < 0.95:
        return rng.randint(3, 6)
    return rng.randint(7, 12)


def written(merchant: str, rng: random.Random) -> str:
    roll = rng.random()
    return merchant.lower() if roll < 0.2 else merchant.upper() if roll < 0.3 else merchant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--eval", default=str(Path(__file__).resolve().parents[2] / "shared" / "eval"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    labelled = []
    for name in ["dev", "train", "val"]:
        for line in open(Path(args.eval) / f"{name}.jsonl", encoding="utf-8"):
            row = json.loads(line)
            expect = row["expect"]
            if expect.get("is_expense", True) and expect.get("category"):
                labelled.append({"id": row["id"], "note": row["note"], "merchant": expect.get("merchant"),
                                 "category": expect["category"], "source": "labelled"})
    # Each note at a random time; a merchant's repeats at random times after its first note.
    events = []
    first_seen = {}
    for item in labelled:
        at = rng.random()
        events.append((at, item))
        key = (item["merchant"] or "").lower()
        if item["merchant"] and key not in first_seen:
            first_seen[key] = (at, item)
    # A note that names no merchant comes back in the same words with another amount ("parking 6
    # downtown" every week), as recurring expenses are written.
    for item in [item for item in labelled if not item["merchant"]]:
        at = next(at for at, event in events if event is item)
        for index in range(repeats(rng)):
            amount = f"{rng.randint(2, 180)}.{rng.randint(0, 99):02d}"
            note, count = re.subn(r"\d+(?:[.,]\d{1,2})?", amount, item["note"], count=1)
            if count:
                events.append((at + (1 - at) * rng.random(), {
                    "id": f"{item['id']}r{index + 1}", "note": note, "merchant": None,
                    "category": item["category"], "source": "repeat"}))
    for key, (at, item) in sorted(first_seen.items()):
        for index in range(repeats(rng)):
            wording = rng.choice(BY_CATEGORY[item["category"]] + ANY)
            amount = rng.choice(CURRENCY).format(f"{rng.randint(2, 180)}.{rng.randint(0, 99):02d}")
            note = wording.format(m=written(item["merchant"], rng), a=amount)
            events.append((at + (1 - at) * rng.random(), {
                "id": f"{item['id']}r{index + 1}", "note": note, "merchant": item["merchant"],
                "category": item["category"], "source": "repeat"}))
    events.sort(key=lambda event: event[0])
    for _, item in events:
        print(json.dumps(item, ensure_ascii=False))


if __name__ == "__main__":
    main()
