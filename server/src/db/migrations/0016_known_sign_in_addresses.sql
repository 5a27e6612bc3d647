-- Security review: the account-wide sign-in ceiling refused the owner's usual address once a
-- stranger drove it up after one mistyped password there. Each (account, address) pair that
-- completes a sign-in is kept here (its hashed key, as in sign_in_failures) for 30 days; the ceiling
-- never refuses such an address, only the pair's own counter does.
CREATE TABLE "sign_in_successes" (
	"key" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL
);
