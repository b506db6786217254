ALTER TABLE "tournaments" ADD COLUMN "n_iscritti" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "n_in_attesa" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "n_squadre" integer DEFAULT 0 NOT NULL;