-- 0019: the customer's default analysis (spec 5: "A default analysis must be chosen to see the
-- full list"), kept on the server so every user of the customer sees the same one (DESIGN 6).
-- Deleting the analysis or the customer removes the choice.
CREATE TABLE customer_default_analyses (
  customer_id uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  analysis_id uuid NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
  set_by text,
  set_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX customer_default_analyses_analysis_id_idx ON customer_default_analyses (analysis_id);
