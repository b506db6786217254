CREATE TABLE "player_search" (
	"sector_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"cognome" text collate "C" NOT NULL,
	"nome" text collate "C" NOT NULL,
	"provincia" varchar(2),
	"club_id" integer,
	CONSTRAINT "player_search_pk" PRIMARY KEY("sector_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "player_search" ADD CONSTRAINT "player_search_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_search" ADD CONSTRAINT "player_search_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_search_cognome_idx" ON "player_search" USING btree ("sector_id","cognome","nome","person_id");--> statement-breakpoint
CREATE INDEX "player_search_nome_idx" ON "player_search" USING btree ("sector_id","nome","cognome","person_id");--> statement-breakpoint
CREATE INDEX "player_search_provincia_idx" ON "player_search" USING btree ("sector_id","provincia","cognome","nome","person_id");--> statement-breakpoint
CREATE INDEX "player_search_club_idx" ON "player_search" USING btree ("sector_id","club_id","cognome","nome","person_id");--> statement-breakpoint
CREATE INDEX "player_search_person_idx" ON "player_search" USING btree ("person_id");--> statement-breakpoint
-- The players' search holds one row per person and sector with a card of it: a card added makes the row (with the
-- person's name, province and club), the last card of a sector removed drops it, and a person's change of name,
-- province or club follows into their rows. The database keeps it, whoever writes cards or people.
CREATE FUNCTION "player_search_from_tessere"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		DELETE FROM player_search s WHERE s.person_id = OLD.person_id AND s.sector_id = OLD.sector_id
			AND NOT EXISTS (SELECT 1 FROM tessere t WHERE t.person_id = OLD.person_id AND t.sector_id = OLD.sector_id);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO player_search (sector_id, person_id, cognome, nome, provincia, club_id)
			SELECT NEW.sector_id, p.id, lower(p.cognome), lower(p.nome), p.provincia, p.club_id
			FROM persons p WHERE p.id = NEW.person_id
			ON CONFLICT (sector_id, person_id) DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "player_search_tessere_trg" AFTER INSERT OR DELETE OR UPDATE OF person_id, sector_id ON "tessere"
	FOR EACH ROW EXECUTE FUNCTION "player_search_from_tessere"();
--> statement-breakpoint
CREATE FUNCTION "player_search_from_persons"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE player_search SET cognome = lower(NEW.cognome), nome = lower(NEW.nome), provincia = NEW.provincia,
		club_id = NEW.club_id
		WHERE person_id = NEW.id;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "player_search_persons_trg" AFTER UPDATE OF cognome, nome, provincia, club_id ON "persons"
	FOR EACH ROW WHEN (OLD.cognome IS DISTINCT FROM NEW.cognome OR OLD.nome IS DISTINCT FROM NEW.nome
		OR OLD.provincia IS DISTINCT FROM NEW.provincia OR OLD.club_id IS DISTINCT FROM NEW.club_id)
	EXECUTE FUNCTION "player_search_from_persons"();
--> statement-breakpoint
INSERT INTO "player_search" ("sector_id", "person_id", "cognome", "nome", "provincia", "club_id")
	SELECT DISTINCT t."sector_id", p."id", lower(p."cognome"), lower(p."nome"), p."provincia", p."club_id"
	FROM "tessere" t JOIN "persons" p ON p."id" = t."person_id"
	ON CONFLICT DO NOTHING;
