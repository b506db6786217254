DROP INDEX "clubs_nome_prefix_idx";--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "nome_ricerca" text GENERATED ALWAYS AS (lower(nome)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "comune_ricerca" text GENERATED ALWAYS AS (lower(comune)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clubs_nome_prefix_idx" ON "clubs" USING btree ("nome_ricerca" text_pattern_ops);