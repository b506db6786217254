CREATE TABLE "numeri_circoli" (
	"discipline_id" integer PRIMARY KEY NOT NULL,
	"circoli" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "numeri_stagione" (
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"giocatori" integer DEFAULT 0 NOT NULL,
	"tornei" integer DEFAULT 0 NOT NULL,
	"partite" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "numeri_stagione_sector_id_stagione_pk" PRIMARY KEY("sector_id","stagione")
);
--> statement-breakpoint
ALTER TABLE "numeri_circoli" ADD CONSTRAINT "numeri_circoli_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numeri_stagione" ADD CONSTRAINT "numeri_stagione_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The home's figures of a season (numeri_stagione: players with a card, tournaments, played matches, per sector
-- and season) are kept by the database, whoever writes the cards, tournaments, results or ties (a request, the
-- seed, a script): numeri_tpra reads one row instead of counting every card and match of the season. The triggers
-- are per statement, with the statement's rows as transition tables (a bulk insert costs one upsert per season it
-- touches, a statement that changes no figure none), and add to each row in the order of its key, so two writers
-- never wait for each other's rows crosswise. A match counts as played with the outcomes of PLAYED_OUTCOMES
-- (server/domain/tournaments.ts): 'giocata' and 'ritiro'. A tournament's season is the year it starts.
--
-- Every figure from scratch: the backfill below, and after a TRUNCATE (which has no transition table).
CREATE FUNCTION "numeri_stagione_ricalcola"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM numeri_stagione;
	INSERT INTO numeri_stagione (sector_id, stagione, giocatori, tornei, partite)
	SELECT sector_id, stagione, sum(giocatori)::int, sum(tornei)::int, sum(partite)::int FROM (
		SELECT sector_id, stagione, count(DISTINCT person_id) AS giocatori, 0 AS tornei, 0 AS partite
			FROM tessere GROUP BY 1, 2
		UNION ALL
		SELECT sector_id, extract(year FROM data_inizio)::smallint, 0, count(*) FILTER (WHERE status <> 'annullato'), 0
			FROM tournaments GROUP BY 1, 2
		UNION ALL
		SELECT t.sector_id, extract(year FROM t.data_inizio)::smallint, 0, 0, count(*)
			FROM matches m JOIN tournaments t ON t.id = m.tournament_id
			WHERE m.esito IN ('giocata', 'ritiro') GROUP BY 1, 2
		UNION ALL
		SELECT t.sector_id, extract(year FROM t.data_inizio)::smallint, 0, 0, count(*)
			FROM tie_matches r JOIN team_ties tt ON tt.id = r.tie_id JOIN tournaments t ON t.id = tt.tournament_id
			WHERE r.esito IN ('giocata', 'ritiro') GROUP BY 1, 2
	) c
	GROUP BY 1, 2 ORDER BY 1, 2;
$$;
--> statement-breakpoint
-- Played matches added (`piu`) and taken away (`meno`), by the tournament they belong to: each tournament's net
-- change goes to its sector's season. A tournament no longer there (deleted, its matches going with it) is skipped:
-- its matches were taken away before it went (numeri_stagione_torneo_via).
CREATE FUNCTION "numeri_stagione_partite"(piu integer[], meno integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO numeri_stagione AS n (sector_id, stagione, partite)
	SELECT t.sector_id, extract(year FROM t.data_inizio)::smallint, sum(d.n)::int
	FROM (
		SELECT id, sum(segno) AS n
		FROM (SELECT unnest(piu) AS id, 1 AS segno UNION ALL SELECT unnest(meno), -1) r
		GROUP BY id
	) d
	JOIN tournaments t ON t.id = d.id
	GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
	ON CONFLICT (sector_id, stagione) DO UPDATE SET partite = n.partite + excluded.partite;
$$;
--> statement-breakpoint
CREATE FUNCTION "numeri_stagione_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	piu integer[] := '{}';
	meno integer[] := '{}';
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT coalesce(array_agg(tournament_id), '{}') INTO piu FROM righe_nuove WHERE esito IN ('giocata', 'ritiro');
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT coalesce(array_agg(tournament_id), '{}') INTO meno FROM righe_vecchie WHERE esito IN ('giocata', 'ritiro');
	END IF;
	PERFORM numeri_stagione_partite(piu, meno);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_matches_ins" AFTER INSERT ON "matches"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_matches"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_matches_upd" AFTER UPDATE ON "matches"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_matches"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_matches_del" AFTER DELETE ON "matches"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_matches"();
--> statement-breakpoint
-- A tie's rubbers count in its tournament's season. A tie no longer there (deleted, its rubbers going with it) is
-- skipped: its rubbers were taken away before it went (numeri_stagione_incontro_via).
CREATE FUNCTION "numeri_stagione_tie_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	piu integer[] := '{}';
	meno integer[] := '{}';
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT coalesce(array_agg(tt.tournament_id), '{}') INTO piu
		FROM righe_nuove r JOIN team_ties tt ON tt.id = r.tie_id WHERE r.esito IN ('giocata', 'ritiro');
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT coalesce(array_agg(tt.tournament_id), '{}') INTO meno
		FROM righe_vecchie r JOIN team_ties tt ON tt.id = r.tie_id WHERE r.esito IN ('giocata', 'ritiro');
	END IF;
	PERFORM numeri_stagione_partite(piu, meno);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tie_matches_ins" AFTER INSERT ON "tie_matches"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tie_matches"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tie_matches_upd" AFTER UPDATE ON "tie_matches"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tie_matches"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tie_matches_del" AFTER DELETE ON "tie_matches"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tie_matches"();
--> statement-breakpoint
-- A tie that goes (or moves to another tournament) takes its played rubbers with it, while they are still there.
CREATE FUNCTION "numeri_stagione_incontro_via"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	giocate integer := (SELECT count(*) FROM tie_matches WHERE tie_id = OLD.id AND esito IN ('giocata', 'ritiro'));
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM numeri_stagione_partite('{}', array_fill(OLD.tournament_id, ARRAY[giocate]));
		RETURN OLD;
	END IF;
	PERFORM numeri_stagione_partite(array_fill(NEW.tournament_id, ARRAY[giocate]), array_fill(OLD.tournament_id, ARRAY[giocate]));
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_incontro_via" BEFORE DELETE ON "team_ties"
	FOR EACH ROW EXECUTE FUNCTION "numeri_stagione_incontro_via"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_incontro_sposta" AFTER UPDATE OF "tournament_id" ON "team_ties"
	FOR EACH ROW WHEN (OLD.tournament_id IS DISTINCT FROM NEW.tournament_id)
	EXECUTE FUNCTION "numeri_stagione_incontro_via"();
--> statement-breakpoint
-- A tournament's played matches and rubbers, counted once.
CREATE FUNCTION "numeri_stagione_giocate"(torneo integer) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT (SELECT count(*) FROM matches WHERE tournament_id = torneo AND esito IN ('giocata', 'ritiro'))::int
		+ (SELECT count(*) FROM tie_matches r JOIN team_ties tt ON tt.id = r.tie_id
			WHERE tt.tournament_id = torneo AND r.esito IN ('giocata', 'ritiro'))::int;
$$;
--> statement-breakpoint
-- A tournament that goes takes its played matches with it, while they are still there (its matches, ties and
-- rubbers go after it, by cascade, and find it gone).
CREATE FUNCTION "numeri_stagione_torneo_via"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	giocate integer := numeri_stagione_giocate(OLD.id);
BEGIN
	IF giocate <> 0 THEN
		UPDATE numeri_stagione SET partite = partite - giocate
		WHERE sector_id = OLD.sector_id AND stagione = extract(year FROM OLD.data_inizio)::smallint;
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_torneo_via" BEFORE DELETE ON "tournaments"
	FOR EACH ROW EXECUTE FUNCTION "numeri_stagione_torneo_via"();
--> statement-breakpoint
-- The tournaments of each season (cancelled ones excluded), added and deleted.
CREATE FUNCTION "numeri_stagione_tournaments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO numeri_stagione AS n (sector_id, stagione, tornei)
		SELECT sector_id, extract(year FROM data_inizio)::smallint, count(*)::int
		FROM righe_nuove WHERE status <> 'annullato' GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (sector_id, stagione) DO UPDATE SET tornei = n.tornei + excluded.tornei;
	ELSE
		INSERT INTO numeri_stagione AS n (sector_id, stagione, tornei)
		SELECT sector_id, extract(year FROM data_inizio)::smallint, -count(*)::int
		FROM righe_vecchie WHERE status <> 'annullato' GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (sector_id, stagione) DO UPDATE SET tornei = n.tornei + excluded.tornei;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tournaments_ins" AFTER INSERT ON "tournaments"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tournaments"();
--> statement-breakpoint
-- A tournament cancelled (or restored) leaves (or joins) its season's tournaments; one that moves to another sector
-- or season takes its played matches with it. Per row, and only for those changes (the trigger's WHEN): a
-- tournament's row is written at every enrolment (its counts, migration 0023), under its lock, and those writes
-- must not pay for this.
CREATE FUNCTION "numeri_stagione_torneo_cambia"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	prima smallint := extract(year FROM OLD.data_inizio);
	dopo smallint := extract(year FROM NEW.data_inizio);
	giocate integer := CASE WHEN OLD.sector_id <> NEW.sector_id OR prima <> dopo
		THEN numeri_stagione_giocate(NEW.id) ELSE 0 END;
BEGIN
	INSERT INTO numeri_stagione AS n (sector_id, stagione, tornei, partite)
	SELECT s, st, sum(t)::int, sum(p)::int
	FROM (VALUES
		(OLD.sector_id, prima, -(OLD.status <> 'annullato')::int, -giocate),
		(NEW.sector_id, dopo, (NEW.status <> 'annullato')::int, giocate)
	) v(s, st, t, p)
	GROUP BY 1, 2 HAVING sum(t) <> 0 OR sum(p) <> 0 ORDER BY 1, 2
	ON CONFLICT (sector_id, stagione) DO UPDATE
		SET tornei = n.tornei + excluded.tornei, partite = n.partite + excluded.partite;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tournaments_upd" AFTER UPDATE ON "tournaments" FOR EACH ROW
	WHEN ((OLD.status = 'annullato') <> (NEW.status = 'annullato') OR OLD.sector_id <> NEW.sector_id
		OR extract(year FROM OLD.data_inizio) <> extract(year FROM NEW.data_inizio))
	EXECUTE FUNCTION "numeri_stagione_torneo_cambia"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tournaments_del" AFTER DELETE ON "tournaments"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tournaments"();
--> statement-breakpoint
-- The players with a card: a person counts once in a sector's season however many cards they hold there. The rows
-- of the seasons touched are locked first, and only then are the cards counted: a writer adding a card to the same
-- person at the same time has committed by then, and is seen (in their order of key, as above).
CREATE FUNCTION "numeri_stagione_tessere"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	settori integer[];
	stagioni smallint[];
	persone integer[];
	segni integer[];
BEGIN
	-- Each person's net change of cards in a sector's season (none for a change that keeps the three).
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(sector_id), array_agg(stagione), array_agg(person_id), array_agg(n)
		INTO settori, stagioni, persone, segni
		FROM (SELECT sector_id, stagione, person_id, count(*)::int AS n FROM righe_nuove GROUP BY 1, 2, 3) r;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(sector_id), array_agg(stagione), array_agg(person_id), array_agg(n)
		INTO settori, stagioni, persone, segni
		FROM (SELECT sector_id, stagione, person_id, -count(*)::int AS n FROM righe_vecchie GROUP BY 1, 2, 3) r;
	ELSE
		SELECT array_agg(sector_id), array_agg(stagione), array_agg(person_id), array_agg(n)
		INTO settori, stagioni, persone, segni
		FROM (
			SELECT sector_id, stagione, person_id, sum(segno)::int AS n
			FROM (
				SELECT sector_id, stagione, person_id, 1 AS segno FROM righe_nuove
				UNION ALL SELECT sector_id, stagione, person_id, -1 FROM righe_vecchie
			) u
			GROUP BY 1, 2, 3 HAVING sum(segno) <> 0
		) r;
	END IF;
	IF settori IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO numeri_stagione (sector_id, stagione)
	SELECT DISTINCT s, st FROM unnest(settori, stagioni) AS c(s, st) ORDER BY 1, 2
	ON CONFLICT DO NOTHING;
	PERFORM 1 FROM numeri_stagione
	WHERE (sector_id, stagione) IN (SELECT s, st FROM unnest(settori, stagioni) AS c(s, st))
	ORDER BY sector_id, stagione FOR UPDATE;
	-- A person is added when they had no card there before and have one now, taken away in the opposite case.
	UPDATE numeri_stagione n SET giocatori = n.giocatori + d.giocatori
	FROM (
		SELECT c.s, c.st, sum((q.n > 0)::int - (q.n - c.segno > 0)::int)::int AS giocatori
		FROM unnest(settori, stagioni, persone, segni) AS c(s, st, p, segno)
		CROSS JOIN LATERAL (
			SELECT count(*) AS n FROM tessere t WHERE t.person_id = c.p AND t.sector_id = c.s AND t.stagione = c.st
		) q
		GROUP BY 1, 2
	) d
	WHERE n.sector_id = d.s AND n.stagione = d.st AND d.giocatori <> 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tessere_ins" AFTER INSERT ON "tessere"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tessere"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tessere_upd" AFTER UPDATE ON "tessere"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tessere"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tessere_del" AFTER DELETE ON "tessere"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_tessere"();
--> statement-breakpoint
-- TRUNCATE has no transition table: every figure is counted again.
CREATE FUNCTION "numeri_stagione_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM numeri_stagione_ricalcola();
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tessere_truncate" AFTER TRUNCATE ON "tessere"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_truncate"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tournaments_truncate" AFTER TRUNCATE ON "tournaments"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_truncate"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_matches_truncate" AFTER TRUNCATE ON "matches"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_truncate"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_team_ties_truncate" AFTER TRUNCATE ON "team_ties"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_truncate"();
--> statement-breakpoint
CREATE TRIGGER "numeri_stagione_tie_matches_truncate" AFTER TRUNCATE ON "tie_matches"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_stagione_truncate"();
--> statement-breakpoint
-- The active clubs offering each discipline (numeri_circoli), kept the same way: triggers on the disciplines of the
-- clubs and on the clubs that are activated, deactivated or deleted. From scratch for the backfill and after a
-- TRUNCATE.
CREATE FUNCTION "numeri_circoli_ricalcola"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM numeri_circoli;
	INSERT INTO numeri_circoli (discipline_id, circoli)
	SELECT d.discipline_id, count(*)::int FROM club_disciplines d JOIN clubs c ON c.id = d.club_id
	WHERE c.attivo GROUP BY 1 ORDER BY 1;
$$;
--> statement-breakpoint
-- Disciplines an active club now offers (`piu`) and no longer offers (`meno`), one element per club.
CREATE FUNCTION "numeri_circoli_somma"(piu integer[], meno integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO numeri_circoli AS n (discipline_id, circoli)
	SELECT id, sum(segno)::int
	FROM (SELECT unnest(piu) AS id, 1 AS segno UNION ALL SELECT unnest(meno), -1) r
	GROUP BY id HAVING sum(segno) <> 0 ORDER BY id
	ON CONFLICT (discipline_id) DO UPDATE SET circoli = n.circoli + excluded.circoli;
$$;
--> statement-breakpoint
-- A club's disciplines count while the club is active. A club no longer there (deleted, its disciplines going with
-- it) is skipped: it took its disciplines away before it went (numeri_circoli_via).
CREATE FUNCTION "numeri_circoli_discipline"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	piu integer[] := '{}';
	meno integer[] := '{}';
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT coalesce(array_agg(r.discipline_id), '{}') INTO piu
		FROM righe_nuove r JOIN clubs c ON c.id = r.club_id WHERE c.attivo;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT coalesce(array_agg(r.discipline_id), '{}') INTO meno
		FROM righe_vecchie r JOIN clubs c ON c.id = r.club_id WHERE c.attivo;
	END IF;
	PERFORM numeri_circoli_somma(piu, meno);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_discipline_ins" AFTER INSERT ON "club_disciplines"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_discipline"();
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_discipline_upd" AFTER UPDATE ON "club_disciplines"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_discipline"();
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_discipline_del" AFTER DELETE ON "club_disciplines"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_discipline"();
--> statement-breakpoint
-- A club activated adds its disciplines, one deactivated takes them away.
CREATE FUNCTION "numeri_circoli_clubs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	piu integer[];
	meno integer[];
BEGIN
	SELECT coalesce(array_agg(d.discipline_id) FILTER (WHERE w.attivo), '{}'),
		coalesce(array_agg(d.discipline_id) FILTER (WHERE v.attivo), '{}')
	INTO piu, meno
	FROM righe_nuove w JOIN righe_vecchie v USING (id) JOIN club_disciplines d ON d.club_id = w.id
	WHERE w.attivo <> v.attivo;
	PERFORM numeri_circoli_somma(piu, meno);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_clubs_upd" AFTER UPDATE ON "clubs"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_clubs"();
--> statement-breakpoint
-- An active club that goes takes its disciplines away, while they are still there.
CREATE FUNCTION "numeri_circoli_via"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.attivo THEN
		PERFORM numeri_circoli_somma('{}', array(SELECT discipline_id FROM club_disciplines WHERE club_id = OLD.id));
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_via" BEFORE DELETE ON "clubs" FOR EACH ROW EXECUTE FUNCTION "numeri_circoli_via"();
--> statement-breakpoint
CREATE FUNCTION "numeri_circoli_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM numeri_circoli_ricalcola();
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_clubs_truncate" AFTER TRUNCATE ON "clubs"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_truncate"();
--> statement-breakpoint
CREATE TRIGGER "numeri_circoli_discipline_truncate" AFTER TRUNCATE ON "club_disciplines"
	FOR EACH STATEMENT EXECUTE FUNCTION "numeri_circoli_truncate"();
--> statement-breakpoint
-- The figures of what is already there.
SELECT numeri_stagione_ricalcola();
--> statement-breakpoint
SELECT numeri_circoli_ricalcola();
