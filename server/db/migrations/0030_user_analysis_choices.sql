-- 0030: the analysis a user chooses to look at (issue 27), per customer it works in (a
-- SuperAdmin works in several), beside the customer's default of 0019. Choosing what to read
-- needs no write right, and it changes nothing another user sees. Deleting the user, the
-- customer or the analysis removes the choice; the screens then show the customer's default.
CREATE TABLE user_analysis_choices (
  user_id uuid NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  analysis_id uuid NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, customer_id)
);

CREATE INDEX user_analysis_choices_analysis_id_idx ON user_analysis_choices (analysis_id);
