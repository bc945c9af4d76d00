-- Which extractor set each field of a version: {"amount": "rules", "purpose": "model", ...}.
-- A model fill takes the amount, currency and date from rules that read the text; `show` says so
-- per field instead of calling the whole version `model`. Versions written before this column
-- have '{}' and are shown by their origin, as before.
ALTER TABLE draft_versions ADD COLUMN sources TEXT NOT NULL DEFAULT '{}';
