-- Counters that several replicas of the portal share (issue 25, item 2): the rate limits of @fastify/rate-limit
-- and the identity service's throttles. UNLOGGED: they are rebuilt by traffic, need no WAL and may be lost on a
-- crash of PostgreSQL (everyone gets a fresh window, which is what a restart of one process did before).
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_hits" (
  "key" text PRIMARY KEY,
  "hits" integer NOT NULL,
  "window_ends" timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_hits_window_idx" ON "rate_limit_hits" ("window_ends");--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS "throttle_events" (
  "key" text NOT NULL,
  "at" timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "throttle_events_key_idx" ON "throttle_events" ("key", "at");--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS "throttle_lockouts" (
  "key" text PRIMARY KEY,
  "failures" integer NOT NULL,
  "locked_until" timestamptz NOT NULL
);
