ALTER TABLE "player_search" ADD COLUMN "nascosto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "player_search_nascosti_idx" ON "player_search" USING btree ("sector_id","cognome","nome","person_id") WHERE "player_search"."nascosto";--> statement-breakpoint
-- Whether a person hid from searches («compari nelle ricerche» off in their settings), kept on their rows of the
-- players' search: a search's total then subtracts the few hidden rows of its index ranges (a partial index)
-- instead of joining every account to its settings. The database keeps it, whoever writes accounts or settings.
CREATE FUNCTION "player_search_hidden"(person integer) RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT EXISTS (SELECT 1 FROM accounts a JOIN user_settings s ON s.account_id = a.id
		WHERE a.person_id = person AND NOT s.visibile_ricerche)
$$;
--> statement-breakpoint
CREATE FUNCTION "player_search_hide"(person integer) RETURNS void LANGUAGE sql AS $$
	UPDATE player_search SET nascosto = player_search_hidden(person)
		WHERE person_id = person AND nascosto IS DISTINCT FROM player_search_hidden(person)
$$;
--> statement-breakpoint
CREATE FUNCTION "player_search_from_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM player_search_hide(a.person_id) FROM accounts a WHERE a.id = OLD.account_id AND a.person_id IS NOT NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM player_search_hide(a.person_id) FROM accounts a WHERE a.id = NEW.account_id AND a.person_id IS NOT NULL;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "player_search_settings_trg" AFTER INSERT OR DELETE OR UPDATE OF visibile_ricerche, account_id
	ON "user_settings" FOR EACH ROW EXECUTE FUNCTION "player_search_from_settings"();
--> statement-breakpoint
CREATE FUNCTION "player_search_from_accounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.person_id IS NOT NULL THEN
		PERFORM player_search_hide(OLD.person_id);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.person_id IS NOT NULL THEN
		PERFORM player_search_hide(NEW.person_id);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "player_search_accounts_trg" AFTER INSERT OR DELETE OR UPDATE OF person_id
	ON "accounts" FOR EACH ROW EXECUTE FUNCTION "player_search_from_accounts"();
--> statement-breakpoint
-- A card's new row starts hidden when its person already hid.
CREATE OR REPLACE FUNCTION "player_search_from_tessere"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		DELETE FROM player_search s WHERE s.person_id = OLD.person_id AND s.sector_id = OLD.sector_id
			AND NOT EXISTS (SELECT 1 FROM tessere t WHERE t.person_id = OLD.person_id AND t.sector_id = OLD.sector_id);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO player_search (sector_id, person_id, cognome, nome, provincia, club_id, nascosto)
			SELECT NEW.sector_id, p.id, lower(p.cognome), lower(p.nome), p.provincia, p.club_id, player_search_hidden(p.id)
			FROM persons p WHERE p.id = NEW.person_id
			ON CONFLICT (sector_id, person_id) DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE "player_search" ps SET "nascosto" = true
	FROM "accounts" a JOIN "user_settings" s ON s."account_id" = a."id"
	WHERE a."person_id" = ps."person_id" AND NOT s."visibile_ricerche";
