CREATE TABLE "banner_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"account_id" uuid,
	"path" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer,
	"position" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"image_alt" text NOT NULL,
	"link" text NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"ordine" smallint DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"active_to" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_position_ck" CHECK ("banners"."position" in ('home_top', 'home_middle', 'home_sidebar', 'tornei', 'classifiche', 'news')),
	CONSTRAINT "banners_window_ck" CHECK ("banners"."active_to" is null or "banners"."active_to" > "banners"."active_from")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"stagione" smallint,
	"ordine" smallint NOT NULL,
	CONSTRAINT "documents_tipo_ck" CHECK ("documents"."tipo" in ('regolamento', 'calendario', 'circuito', 'coppa'))
);
--> statement-breakpoint
CREATE TABLE "faq" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer,
	"categoria" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"ordine" smallint NOT NULL,
	"published" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"discipline_id" integer,
	"label" text NOT NULL,
	"path" text NOT NULL,
	"icon" text,
	"description" text,
	"ordine" smallint NOT NULL,
	"requires_auth" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "menu_items_menu_ck" CHECK ("menu_items"."menu" in ('home', 'tornei', 'classifiche'))
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" smallint NOT NULL,
	"discipline_id" integer,
	"sector_id" integer,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"image" text,
	"image_alt" text,
	"featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"author_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_slug_ck" CHECK ("news"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "news_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"account_id" uuid,
	"autore" text NOT NULL,
	"testo" text NOT NULL,
	"visibile" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_comments_testo_ck" CHECK (length("news_comments"."testo") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "news_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"nome" text NOT NULL,
	"ordine" smallint NOT NULL,
	CONSTRAINT "news_types_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer,
	"discipline_id" integer,
	"title" text NOT NULL,
	"description" text,
	"video_url" text NOT NULL,
	"poster_url" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_duration_ck" CHECK ("videos"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"person_id" integer,
	"role" text DEFAULT 'player' NOT NULL,
	"puo_esportare_classifiche" boolean DEFAULT false NOT NULL,
	"privacy_accepted_at" timestamp with time zone,
	"profilation" boolean,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"signed_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_role_ck" CHECK ("accounts"."role" in ('player', 'editor', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(12) NOT NULL,
	"nome" text NOT NULL,
	"provincia" varchar(2) NOT NULL,
	"comune" text NOT NULL,
	"indirizzo" text NOT NULL,
	"cap" varchar(5),
	"telefono" text,
	"email" text,
	"sito_web" text,
	"logo" text,
	"descrizione" text,
	"latitudine" double precision,
	"longitudine" double precision,
	"affiliata_dal" date,
	"attivo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" integer PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"nome" text NOT NULL,
	"ordine" smallint NOT NULL,
	CONSTRAINT "disciplines_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"account_id" uuid,
	"sector_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"cognome" text NOT NULL,
	"sesso" varchar(1),
	"data_nascita" date,
	"codice_fiscale" varchar(16),
	"provincia" varchar(2),
	"comune" text,
	"telefono" text,
	"email" text,
	"fototessera" text,
	"club_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_sesso_ck" CHECK ("persons"."sesso" in ('M', 'F'))
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"sigla" varchar(2) PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"region_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	CONSTRAINT "regions_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" integer PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ordine" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tessere" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice_tessera" varchar(20) NOT NULL,
	"person_id" integer NOT NULL,
	"tipologia" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"valida_dal" date NOT NULL,
	"valida_al" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"evento" text NOT NULL,
	"da_stato" text,
	"a_stato" text NOT NULL,
	"person_id" integer,
	"nota" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_events_stato_ck" CHECK ("challenge_events"."a_stato" in ('draft', 'proposed', 'accepted', 'refused', 'cancelled', 'expired', 'resultEntered', 'confirmed', 'contested', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "challenge_participants" (
	"challenge_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"lato" smallint NOT NULL,
	"risposta" text DEFAULT 'in_attesa' NOT NULL,
	"risposta_il" timestamp with time zone,
	CONSTRAINT "challenge_participants_challenge_id_person_id_pk" PRIMARY KEY("challenge_id","person_id"),
	CONSTRAINT "challenge_participants_lato_ck" CHECK ("challenge_participants"."lato" in (1, 2)),
	CONSTRAINT "challenge_participants_risposta_ck" CHECK ("challenge_participants"."risposta" in ('in_attesa', 'accettata', 'rifiutata'))
);
--> statement-breakpoint
CREATE TABLE "challenge_results" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"sets" jsonb NOT NULL,
	"vincitore_lato" smallint NOT NULL,
	"game_lato1" smallint NOT NULL,
	"game_lato2" smallint NOT NULL,
	"inserito_da" integer NOT NULL,
	"inserito_il" timestamp with time zone NOT NULL,
	"confermato_da" integer,
	"confermato_il" timestamp with time zone,
	"conferma_automatica" boolean DEFAULT false NOT NULL,
	"contestato_da" integer,
	"contestato_il" timestamp with time zone,
	"motivo_contestazione" text,
	"risolto_il" timestamp with time zone,
	"risoluzione" text,
	CONSTRAINT "challenge_results_lato_ck" CHECK ("challenge_results"."vincitore_lato" in (1, 2)),
	CONSTRAINT "challenge_results_confirm_ck" CHECK ("challenge_results"."confermato_da" is null or "challenge_results"."confermato_da" <> "challenge_results"."inserito_da")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"created_by_person_id" integer NOT NULL,
	"specialita" text DEFAULT 'singolare' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pubblica" boolean DEFAULT false NOT NULL,
	"club_id" integer,
	"provincia" varchar(2),
	"data_proposta" timestamp with time zone,
	"messaggio" text,
	"proposta_il" timestamp with time zone,
	"scade_il" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_status_ck" CHECK ("challenges"."status" in ('draft', 'proposed', 'accepted', 'refused', 'cancelled', 'expired', 'resultEntered', 'confirmed', 'contested', 'resolved')),
	CONSTRAINT "challenges_specialita_ck" CHECK ("challenges"."specialita" in ('singolare', 'doppio'))
);
--> statement-breakpoint
CREATE TABLE "championship_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"account_id" uuid,
	"autore" text NOT NULL,
	"testo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "championships" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"genere" varchar(1) DEFAULT 'X' NOT NULL,
	"descrizione" text,
	"regolamento" text,
	"data_inizio" date NOT NULL,
	"data_fine" date NOT NULL,
	"iscrizioni_al" timestamp with time zone,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "championships_genere_ck" CHECK ("championships"."genere" in ('M', 'F', 'X')),
	CONSTRAINT "championships_status_ck" CHECK ("championships"."status" in ('programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso', 'concluso', 'annullato')),
	CONSTRAINT "championships_dates_ck" CHECK ("championships"."data_fine" >= "championships"."data_inizio")
);
--> statement-breakpoint
CREATE TABLE "circuit_rankings" (
	"circuit_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"posizione" integer NOT NULL,
	"punti" integer NOT NULL,
	"tappe" smallint NOT NULL,
	CONSTRAINT "circuit_rankings_circuit_id_person_id_pk" PRIMARY KEY("circuit_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"descrizione" text,
	"logo" text,
	"regolamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_disciplines" (
	"club_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	CONSTRAINT "club_disciplines_club_id_discipline_id_pk" PRIMARY KEY("club_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "club_rankings" (
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"club_id" integer NOT NULL,
	"posizione" integer NOT NULL,
	"punti" integer NOT NULL,
	"tesserati" integer NOT NULL,
	"provincia" varchar(2),
	"calcolata_al" date NOT NULL,
	CONSTRAINT "club_rankings_sector_id_stagione_club_id_pk" PRIMARY KEY("sector_id","stagione","club_id")
);
--> statement-breakpoint
CREATE TABLE "courts" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"nome" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"superficie" text NOT NULL,
	"coperto" boolean DEFAULT false NOT NULL,
	"illuminato" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ordine" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"fase" smallint DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"dimensione" integer NOT NULL,
	"turni" smallint,
	"seed_hash" varchar(64) NOT NULL,
	"hash_pubblicato_il" timestamp with time zone NOT NULL,
	"seed" varchar(64),
	"sorteggiato_il" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_tipo_ck" CHECK ("draws"."tipo" in ('eliminazione', 'gironi')),
	CONSTRAINT "draws_seed_ck" CHECK (("draws"."seed" is null) = ("draws"."sorteggiato_il" is null))
);
--> statement-breakpoint
CREATE TABLE "group_standings" (
	"group_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"posizione" smallint NOT NULL,
	"giocate" smallint DEFAULT 0 NOT NULL,
	"vinte" smallint DEFAULT 0 NOT NULL,
	"perse" smallint DEFAULT 0 NOT NULL,
	"set_vinti" smallint DEFAULT 0 NOT NULL,
	"set_persi" smallint DEFAULT 0 NOT NULL,
	"game_vinti" smallint DEFAULT 0 NOT NULL,
	"game_persi" smallint DEFAULT 0 NOT NULL,
	"punti" smallint DEFAULT 0 NOT NULL,
	"qualificato" boolean DEFAULT false NOT NULL,
	CONSTRAINT "group_standings_group_id_entry_id_pk" PRIMARY KEY("group_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"nome" text NOT NULL,
	"descrizione" text NOT NULL,
	CONSTRAINT "helpdesk_categories_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"category_id" smallint NOT NULL,
	"subject_id" integer,
	"sector_id" integer,
	"codice_tessera" varchar(20),
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"oggetto" text NOT NULL,
	"messaggio" text NOT NULL,
	"status" text DEFAULT 'aperta' NOT NULL,
	"risposta" text,
	"risposta_il" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_requests_status_ck" CHECK ("helpdesk_requests"."status" in ('aperta', 'in_lavorazione', 'chiusa'))
);
--> statement-breakpoint
CREATE TABLE "helpdesk_subjects" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" smallint NOT NULL,
	"nome" text NOT NULL,
	"ordine" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"group_id" integer,
	"turno" smallint NOT NULL,
	"posizione" smallint NOT NULL,
	"entry_a_id" integer,
	"entry_b_id" integer,
	"winner_entry_id" integer,
	"esito" text DEFAULT 'da_giocare' NOT NULL,
	"sets" jsonb,
	"set_a" smallint,
	"set_b" smallint,
	"game_a" smallint,
	"game_b" smallint,
	"programmata_il" timestamp with time zone,
	"court_id" integer,
	"giocata_il" timestamp with time zone,
	CONSTRAINT "matches_esito_ck" CHECK ("matches"."esito" in ('da_giocare', 'giocata', 'walkover', 'ritiro', 'bye')),
	CONSTRAINT "matches_winner_ck" CHECK ("matches"."winner_entry_id" is null or "matches"."winner_entry_id" = "matches"."entry_a_id" or "matches"."winner_entry_id" = "matches"."entry_b_id"),
	CONSTRAINT "matches_played_ck" CHECK ("matches"."esito" = 'da_giocare' or "matches"."esito" = 'bye' or "matches"."winner_entry_id" is not null),
	CONSTRAINT "matches_distinct_ck" CHECK ("matches"."entry_a_id" is null or "matches"."entry_b_id" is null or "matches"."entry_a_id" <> "matches"."entry_b_id")
);
--> statement-breakpoint
CREATE TABLE "partner_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"tournament_id" integer,
	"provincia" varchar(2),
	"livello" text,
	"disponibilita" text,
	"messaggio" text,
	"status" text DEFAULT 'attivo' NOT NULL,
	"scade_il" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_listings_status_ck" CHECK ("partner_listings"."status" in ('attivo', 'chiuso'))
);
--> statement-breakpoint
CREATE TABLE "partner_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"requester_person_id" integer NOT NULL,
	"messaggio" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"risposta_il" timestamp with time zone,
	CONSTRAINT "partner_requests_status_ck" CHECK ("partner_requests"."status" in ('sent', 'confirmed', 'refused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "power_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"match_id" integer,
	"challenge_id" integer,
	"giocata_il" timestamp with time zone NOT NULL,
	"power_prima" double precision NOT NULL,
	"power_dopo" double precision NOT NULL,
	"livello_proprio" double precision NOT NULL,
	"livello_avversari" double precision NOT NULL,
	"atteso" double precision NOT NULL,
	"ottenuto" double precision NOT NULL,
	"game_vinti" smallint NOT NULL,
	"game_persi" smallint NOT NULL,
	"fattore_k" double precision NOT NULL,
	"provvisorio" boolean NOT NULL,
	CONSTRAINT "power_history_source_ck" CHECK ("power_history"."match_id" is not null or "power_history"."challenge_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "power_ratings" (
	"person_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"power" double precision NOT NULL,
	"partite" integer NOT NULL,
	"partite_torneo" integer NOT NULL,
	"provvisorio" boolean NOT NULL,
	"promozione" boolean NOT NULL,
	"aggiornato_il" timestamp with time zone NOT NULL,
	CONSTRAINT "power_ratings_person_id_sector_id_pk" PRIMARY KEY("person_id","sector_id"),
	CONSTRAINT "power_ratings_range_ck" CHECK ("power_ratings"."power" between 9 and 99)
);
--> statement-breakpoint
CREATE TABLE "rankings" (
	"tipo" text NOT NULL,
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"person_id" integer NOT NULL,
	"posizione" integer NOT NULL,
	"punti" integer NOT NULL,
	"tornei" smallint NOT NULL,
	"club_id" integer,
	"provincia" varchar(2),
	"sesso" varchar(1),
	"calcolata_al" date NOT NULL,
	CONSTRAINT "rankings_tipo_sector_id_stagione_person_id_pk" PRIMARY KEY("tipo","sector_id","stagione","person_id"),
	CONSTRAINT "rankings_tipo_ck" CHECK ("rankings"."tipo" in ('race', 'nazionale'))
);
--> statement-breakpoint
CREATE TABLE "team_lineups" (
	"tie_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"person_id" integer NOT NULL,
	"inserito_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_lineups_tie_id_team_id_numero_slot_pk" PRIMARY KEY("tie_id","team_id","numero","slot"),
	CONSTRAINT "team_lineups_slot_ck" CHECK ("team_lineups"."slot" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"ruolo" text DEFAULT 'giocatore' NOT NULL,
	"aggiunto_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_person_id_pk" PRIMARY KEY("team_id","person_id"),
	CONSTRAINT "team_members_ruolo_ck" CHECK ("team_members"."ruolo" in ('capitano', 'giocatore'))
);
--> statement-breakpoint
CREATE TABLE "team_standings" (
	"group_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"posizione" smallint NOT NULL,
	"giocati" smallint DEFAULT 0 NOT NULL,
	"vinti" smallint DEFAULT 0 NOT NULL,
	"persi" smallint DEFAULT 0 NOT NULL,
	"partite_vinte" smallint DEFAULT 0 NOT NULL,
	"partite_perse" smallint DEFAULT 0 NOT NULL,
	"punti" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_standings_group_id_team_id_pk" PRIMARY KEY("group_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "team_ties" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"group_id" integer,
	"giornata" smallint NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"data_proposta" timestamp with time zone,
	"proposta_il" timestamp with time zone,
	"data_confermata" timestamp with time zone,
	"club_id" integer,
	"status" text DEFAULT 'da_programmare' NOT NULL,
	"punti_casa" smallint,
	"punti_ospiti" smallint,
	"winner_team_id" integer,
	"risultato_inserito_da" integer,
	"risultato_inserito_il" timestamp with time zone,
	"confermato_da" integer,
	"confermato_il" timestamp with time zone,
	"contestato_da" integer,
	"contestato_il" timestamp with time zone,
	"motivo_contestazione" text,
	CONSTRAINT "team_ties_teams_ck" CHECK ("team_ties"."home_team_id" <> "team_ties"."away_team_id"),
	CONSTRAINT "team_ties_status_ck" CHECK ("team_ties"."status" in ('da_programmare', 'proposto', 'programmato', 'risultato_inserito', 'confermato', 'contestato', 'risolto')),
	CONSTRAINT "team_ties_winner_ck" CHECK ("team_ties"."winner_team_id" is null or "team_ties"."winner_team_id" in ("team_ties"."home_team_id", "team_ties"."away_team_id")),
	CONSTRAINT "team_ties_confirm_ck" CHECK ("team_ties"."confermato_da" is null or "team_ties"."confermato_da" <> "team_ties"."risultato_inserito_da")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"nome" text NOT NULL,
	"captain_person_id" integer NOT NULL,
	"group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tie_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tie_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"tipo" text NOT NULL,
	"home1_id" integer,
	"home2_id" integer,
	"away1_id" integer,
	"away2_id" integer,
	"sets" jsonb,
	"vincitore" text,
	"esito" text DEFAULT 'da_giocare' NOT NULL,
	CONSTRAINT "tie_matches_tipo_ck" CHECK ("tie_matches"."tipo" in ('singolare', 'doppio')),
	CONSTRAINT "tie_matches_vincitore_ck" CHECK ("tie_matches"."vincitore" is null or "tie_matches"."vincitore" in ('casa', 'ospiti')),
	CONSTRAINT "tie_matches_esito_ck" CHECK ("tie_matches"."esito" in ('da_giocare', 'giocata', 'walkover', 'ritiro'))
);
--> statement-breakpoint
CREATE TABLE "tournament_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"account_id" uuid,
	"autore" text NOT NULL,
	"testo" text NOT NULL,
	"visibile" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_comments_testo_ck" CHECK (length("tournament_comments"."testo") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"partner_id" integer,
	"status" text DEFAULT 'iscritto' NOT NULL,
	"posizione_attesa" integer,
	"testa_di_serie" smallint,
	"punti_ingresso" integer DEFAULT 0 NOT NULL,
	"iscritto_il" timestamp with time zone DEFAULT now() NOT NULL,
	"iscritto_da" uuid,
	CONSTRAINT "tournament_entries_status_ck" CHECK ("tournament_entries"."status" in ('iscritto', 'lista_attesa', 'ritirato')),
	CONSTRAINT "tournament_entries_attesa_ck" CHECK (("tournament_entries"."status" = 'lista_attesa') = ("tournament_entries"."posizione_attesa" is not null)),
	CONSTRAINT "tournament_entries_partner_ck" CHECK ("tournament_entries"."partner_id" is null or "tournament_entries"."partner_id" <> "tournament_entries"."person_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"url" text NOT NULL,
	"didascalia" text,
	"ordine" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"entry_id" integer,
	"sector_id" integer NOT NULL,
	"risultato" varchar(4) NOT NULL,
	"categoria" text NOT NULL,
	"punti" integer NOT NULL,
	"data" date NOT NULL,
	CONSTRAINT "tournament_points_punti_ck" CHECK ("tournament_points"."punti" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"tipo" varchar(2) NOT NULL,
	"categoria" text NOT NULL,
	"specialita" text DEFAULT 'singolare' NOT NULL,
	"genere" varchar(1) DEFAULT 'X' NOT NULL,
	"formula" text DEFAULT 'eliminazione' NOT NULL,
	"club_id" integer,
	"circuit_id" integer,
	"tappa" smallint,
	"championship_id" integer,
	"region_id" smallint,
	"data_inizio" date NOT NULL,
	"data_fine" date NOT NULL,
	"iscrizioni_dal" timestamp with time zone,
	"iscrizioni_al" timestamp with time zone,
	"max_iscritti" integer,
	"quota_centesimi" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"descrizione" text,
	"locandina" text,
	"giudice_arbitro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_tipo_ck" CHECK ("tournaments"."tipo" in ('TR', 'CA')),
	CONSTRAINT "tournaments_categoria_ck" CHECK ("tournaments"."categoria" in ('OPEN', 'LIMIT_65', 'LIMIT_45')),
	CONSTRAINT "tournaments_specialita_ck" CHECK ("tournaments"."specialita" in ('singolare', 'doppio')),
	CONSTRAINT "tournaments_genere_ck" CHECK ("tournaments"."genere" in ('M', 'F', 'X')),
	CONSTRAINT "tournaments_formula_ck" CHECK ("tournaments"."formula" in ('eliminazione', 'girone', 'gironi_eliminazione')),
	CONSTRAINT "tournaments_status_ck" CHECK ("tournaments"."status" in ('programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso', 'concluso', 'annullato')),
	CONSTRAINT "tournaments_dates_ck" CHECK ("tournaments"."data_fine" >= "tournaments"."data_inizio"),
	CONSTRAINT "tournaments_enrolment_ck" CHECK ("tournaments"."iscrizioni_al" is null or "tournaments"."iscrizioni_dal" is null or "tournaments"."iscrizioni_al" >= "tournaments"."iscrizioni_dal"),
	CONSTRAINT "tournaments_max_ck" CHECK ("tournaments"."max_iscritti" is null or "tournaments"."max_iscritti" >= 2),
	CONSTRAINT "tournaments_quota_ck" CHECK ("tournaments"."quota_centesimi" >= 0),
	CONSTRAINT "tournaments_ca_ck" CHECK ("tournaments"."tipo" = 'TR' or "tournaments"."championship_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"discipline_id" integer,
	"sector_id" integer,
	"notifiche_email" boolean DEFAULT true NOT NULL,
	"notifiche_tornei" boolean DEFAULT true NOT NULL,
	"notifiche_sfide" boolean DEFAULT true NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"visibile_ricerche" boolean DEFAULT true NOT NULL,
	"mostra_power" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_provider_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_provider_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "idp_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"interaction_uid" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_verification_codes_purpose_ck" CHECK ("idp_verification_codes"."purpose" in ('signup', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "banner_clicks" ADD CONSTRAINT "banner_clicks_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_clicks" ADD CONSTRAINT "banner_clicks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq" ADD CONSTRAINT "faq_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_type_id_news_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."news_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provinces" ADD CONSTRAINT "provinces_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tessere" ADD CONSTRAINT "tessere_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tessere" ADD CONSTRAINT "tessere_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tessere" ADD CONSTRAINT "tessere_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_events" ADD CONSTRAINT "challenge_events_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_events" ADD CONSTRAINT "challenge_events_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_results" ADD CONSTRAINT "challenge_results_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_results" ADD CONSTRAINT "challenge_results_inserito_da_persons_id_fk" FOREIGN KEY ("inserito_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_results" ADD CONSTRAINT "challenge_results_confermato_da_persons_id_fk" FOREIGN KEY ("confermato_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_results" ADD CONSTRAINT "challenge_results_contestato_da_persons_id_fk" FOREIGN KEY ("contestato_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_person_id_persons_id_fk" FOREIGN KEY ("created_by_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "championship_comments" ADD CONSTRAINT "championship_comments_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "championship_comments" ADD CONSTRAINT "championship_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "championships" ADD CONSTRAINT "championships_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "championships" ADD CONSTRAINT "championships_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_rankings" ADD CONSTRAINT "circuit_rankings_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_rankings" ADD CONSTRAINT "circuit_rankings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits" ADD CONSTRAINT "circuits_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits" ADD CONSTRAINT "circuits_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_disciplines" ADD CONSTRAINT "club_disciplines_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_disciplines" ADD CONSTRAINT "club_disciplines_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_rankings" ADD CONSTRAINT "club_rankings_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_rankings" ADD CONSTRAINT "club_rankings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_rankings" ADD CONSTRAINT "club_rankings_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_groups" ADD CONSTRAINT "draw_groups_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_standings" ADD CONSTRAINT "group_standings_group_id_draw_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."draw_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_standings" ADD CONSTRAINT "group_standings_entry_id_tournament_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_category_id_helpdesk_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_subject_id_helpdesk_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."helpdesk_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_subjects" ADD CONSTRAINT "helpdesk_subjects_category_id_helpdesk_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_group_id_draw_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."draw_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_entry_a_id_tournament_entries_id_fk" FOREIGN KEY ("entry_a_id") REFERENCES "public"."tournament_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_entry_b_id_tournament_entries_id_fk" FOREIGN KEY ("entry_b_id") REFERENCES "public"."tournament_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_winner_entry_id_tournament_entries_id_fk" FOREIGN KEY ("winner_entry_id") REFERENCES "public"."tournament_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_listing_id_partner_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."partner_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD CONSTRAINT "partner_requests_requester_person_id_persons_id_fk" FOREIGN KEY ("requester_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_ratings" ADD CONSTRAINT "power_ratings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_ratings" ADD CONSTRAINT "power_ratings_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_tie_id_team_ties_id_fk" FOREIGN KEY ("tie_id") REFERENCES "public"."team_ties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_standings" ADD CONSTRAINT "team_standings_group_id_draw_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."draw_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_standings" ADD CONSTRAINT "team_standings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_group_id_draw_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."draw_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_winner_team_id_teams_id_fk" FOREIGN KEY ("winner_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_risultato_inserito_da_persons_id_fk" FOREIGN KEY ("risultato_inserito_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_confermato_da_persons_id_fk" FOREIGN KEY ("confermato_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_contestato_da_persons_id_fk" FOREIGN KEY ("contestato_da") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_captain_person_id_persons_id_fk" FOREIGN KEY ("captain_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_group_id_draw_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."draw_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_matches" ADD CONSTRAINT "tie_matches_tie_id_team_ties_id_fk" FOREIGN KEY ("tie_id") REFERENCES "public"."team_ties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_matches" ADD CONSTRAINT "tie_matches_home1_id_persons_id_fk" FOREIGN KEY ("home1_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_matches" ADD CONSTRAINT "tie_matches_home2_id_persons_id_fk" FOREIGN KEY ("home2_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_matches" ADD CONSTRAINT "tie_matches_away1_id_persons_id_fk" FOREIGN KEY ("away1_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_matches" ADD CONSTRAINT "tie_matches_away2_id_persons_id_fk" FOREIGN KEY ("away2_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_comments" ADD CONSTRAINT "tournament_comments_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_comments" ADD CONSTRAINT "tournament_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_partner_id_persons_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_iscritto_da_accounts_id_fk" FOREIGN KEY ("iscritto_da") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_photos" ADD CONSTRAINT "tournament_photos_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_entry_id_tournament_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_championship_id_championships_id_fk" FOREIGN KEY ("championship_id") REFERENCES "public"."championships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_clicks_banner_idx" ON "banner_clicks" USING btree ("banner_id","at");--> statement-breakpoint
CREATE INDEX "banners_active_idx" ON "banners" USING btree ("discipline_id","position","active_from");--> statement-breakpoint
CREATE INDEX "documents_discipline_idx" ON "documents" USING btree ("discipline_id","tipo","ordine");--> statement-breakpoint
CREATE INDEX "faq_discipline_idx" ON "faq" USING btree ("discipline_id","categoria","ordine");--> statement-breakpoint
CREATE INDEX "faq_search_idx" ON "faq" USING gin (to_tsvector('italian', "question" || ' ' || "answer"));--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu","discipline_id","ordine");--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_uq" ON "news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_discipline_published_idx" ON "news" USING btree ("discipline_id","published_at");--> statement-breakpoint
CREATE INDEX "news_type_published_idx" ON "news" USING btree ("type_id","published_at");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_title_prefix_idx" ON "news" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "news_comments_news_idx" ON "news_comments" USING btree ("news_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_discipline_published_idx" ON "videos" USING btree ("discipline_id","published_at");--> statement-breakpoint
CREATE INDEX "videos_news_idx" ON "videos" USING btree ("news_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_uq" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_person_uq" ON "accounts" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_codice_uq" ON "clubs" USING btree ("codice");--> statement-breakpoint
CREATE INDEX "clubs_nome_prefix_idx" ON "clubs" USING btree (lower("nome") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clubs_provincia_idx" ON "clubs" USING btree ("provincia","comune");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_views_path_idx" ON "page_views" USING btree ("path","at");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_codice_fiscale_uq" ON "persons" USING btree ("codice_fiscale");--> statement-breakpoint
CREATE INDEX "persons_cognome_nome_idx" ON "persons" USING btree (lower("cognome"),lower("nome"));--> statement-breakpoint
CREATE INDEX "persons_cognome_prefix_idx" ON "persons" USING btree (lower("cognome") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_nome_prefix_idx" ON "persons" USING btree (lower("nome") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "persons_provincia_idx" ON "persons" USING btree ("provincia");--> statement-breakpoint
CREATE INDEX "persons_club_idx" ON "persons" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "provinces_region_idx" ON "provinces" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "sectors_discipline_idx" ON "sectors" USING btree ("discipline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tessere_codice_uq" ON "tessere" USING btree ("codice_tessera");--> statement-breakpoint
CREATE INDEX "tessere_person_idx" ON "tessere" USING btree ("person_id","stagione");--> statement-breakpoint
CREATE INDEX "tessere_sector_idx" ON "tessere" USING btree ("sector_id","stagione");--> statement-breakpoint
CREATE INDEX "challenge_events_challenge_idx" ON "challenge_events" USING btree ("challenge_id","at");--> statement-breakpoint
CREATE INDEX "challenge_participants_person_idx" ON "challenge_participants" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "challenges_status_idx" ON "challenges" USING btree ("status","scade_il");--> statement-breakpoint
CREATE INDEX "challenges_public_idx" ON "challenges" USING btree ("sector_id","data_proposta") WHERE "challenges"."pubblica";--> statement-breakpoint
CREATE INDEX "challenges_creator_idx" ON "challenges" USING btree ("created_by_person_id");--> statement-breakpoint
CREATE INDEX "championship_comments_tournament_idx" ON "championship_comments" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE INDEX "championships_sector_idx" ON "championships" USING btree ("sector_id","stagione");--> statement-breakpoint
CREATE INDEX "championships_discipline_idx" ON "championships" USING btree ("discipline_id","data_inizio");--> statement-breakpoint
CREATE INDEX "circuit_rankings_list_idx" ON "circuit_rankings" USING btree ("circuit_id","posizione");--> statement-breakpoint
CREATE INDEX "circuit_rankings_person_idx" ON "circuit_rankings" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "circuits_sector_idx" ON "circuits" USING btree ("sector_id","stagione");--> statement-breakpoint
CREATE INDEX "circuits_nome_prefix_idx" ON "circuits" USING btree (lower("nome") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "club_disciplines_discipline_idx" ON "club_disciplines" USING btree ("discipline_id","club_id");--> statement-breakpoint
CREATE INDEX "club_rankings_list_idx" ON "club_rankings" USING btree ("sector_id","stagione","posizione");--> statement-breakpoint
CREATE INDEX "club_rankings_club_idx" ON "club_rankings" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "courts_club_idx" ON "courts" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_groups_draw_ordine_uq" ON "draw_groups" USING btree ("draw_id","ordine");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_tournament_fase_uq" ON "draws" USING btree ("tournament_id","fase");--> statement-breakpoint
CREATE INDEX "group_standings_entry_idx" ON "group_standings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_account_idx" ON "helpdesk_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_status_idx" ON "helpdesk_requests" USING btree ("category_id","status","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_subjects_category_idx" ON "helpdesk_subjects" USING btree ("category_id","ordine");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_slot_uq" ON "matches" USING btree ("draw_id",coalesce("group_id", 0),"turno","posizione");--> statement-breakpoint
CREATE INDEX "matches_tournament_idx" ON "matches" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "matches_group_idx" ON "matches" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "matches_entry_a_idx" ON "matches" USING btree ("entry_a_id");--> statement-breakpoint
CREATE INDEX "matches_entry_b_idx" ON "matches" USING btree ("entry_b_id");--> statement-breakpoint
CREATE INDEX "matches_played_idx" ON "matches" USING btree ("giocata_il");--> statement-breakpoint
CREATE INDEX "partner_listings_list_idx" ON "partner_listings" USING btree ("sector_id","status","created_at");--> statement-breakpoint
CREATE INDEX "partner_listings_person_idx" ON "partner_listings" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "partner_listings_tournament_idx" ON "partner_listings" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "partner_listings_provincia_idx" ON "partner_listings" USING btree ("provincia");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_requests_pending_uq" ON "partner_requests" USING btree ("listing_id","requester_person_id") WHERE "partner_requests"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "partner_requests_listing_idx" ON "partner_requests" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "partner_requests_requester_idx" ON "partner_requests" USING btree ("requester_person_id");--> statement-breakpoint
CREATE INDEX "power_history_person_idx" ON "power_history" USING btree ("person_id","sector_id","giocata_il");--> statement-breakpoint
CREATE INDEX "power_history_match_idx" ON "power_history" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "power_ratings_sector_idx" ON "power_ratings" USING btree ("sector_id","power");--> statement-breakpoint
CREATE INDEX "power_ratings_promozione_idx" ON "power_ratings" USING btree ("sector_id") WHERE "power_ratings"."promozione";--> statement-breakpoint
CREATE INDEX "rankings_list_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","posizione");--> statement-breakpoint
CREATE INDEX "rankings_person_idx" ON "rankings" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "rankings_provincia_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","provincia","posizione");--> statement-breakpoint
CREATE INDEX "rankings_club_idx" ON "rankings" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "team_lineups_person_idx" ON "team_lineups" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "team_members_person_idx" ON "team_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "team_standings_team_idx" ON "team_standings" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_ties_tournament_idx" ON "team_ties" USING btree ("tournament_id","giornata");--> statement-breakpoint
CREATE INDEX "team_ties_group_idx" ON "team_ties" USING btree ("group_id","giornata");--> statement-breakpoint
CREATE INDEX "team_ties_home_idx" ON "team_ties" USING btree ("home_team_id");--> statement-breakpoint
CREATE INDEX "team_ties_away_idx" ON "team_ties" USING btree ("away_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tournament_nome_uq" ON "teams" USING btree ("tournament_id","nome");--> statement-breakpoint
CREATE INDEX "teams_club_idx" ON "teams" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "teams_captain_idx" ON "teams" USING btree ("captain_person_id");--> statement-breakpoint
CREATE INDEX "teams_group_idx" ON "teams" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tie_matches_uq" ON "tie_matches" USING btree ("tie_id","numero");--> statement-breakpoint
CREATE INDEX "tournament_comments_tournament_idx" ON "tournament_comments" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_person_uq" ON "tournament_entries" USING btree ("tournament_id","person_id") WHERE "tournament_entries"."status" <> 'ritirato';--> statement-breakpoint
CREATE INDEX "tournament_entries_tournament_idx" ON "tournament_entries" USING btree ("tournament_id","status");--> statement-breakpoint
CREATE INDEX "tournament_entries_person_idx" ON "tournament_entries" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "tournament_entries_partner_idx" ON "tournament_entries" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "tournament_photos_tournament_idx" ON "tournament_photos" USING btree ("tournament_id","ordine");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_points_uq" ON "tournament_points" USING btree ("tournament_id","person_id");--> statement-breakpoint
CREATE INDEX "tournament_points_person_idx" ON "tournament_points" USING btree ("person_id","data");--> statement-breakpoint
CREATE INDEX "tournament_points_sector_idx" ON "tournament_points" USING btree ("sector_id","data");--> statement-breakpoint
CREATE INDEX "tournaments_calendar_idx" ON "tournaments" USING btree ("sector_id","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_discipline_date_idx" ON "tournaments" USING btree ("discipline_id","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_status_date_idx" ON "tournaments" USING btree ("status","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_tipo_sector_idx" ON "tournaments" USING btree ("tipo","sector_id","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_club_idx" ON "tournaments" USING btree ("club_id","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_circuit_idx" ON "tournaments" USING btree ("circuit_id","tappa");--> statement-breakpoint
CREATE INDEX "tournaments_championship_idx" ON "tournaments" USING btree ("championship_id");--> statement-breakpoint
CREATE INDEX "tournaments_nome_prefix_idx" ON "tournaments" USING btree (lower("nome") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "idp_outbox_recipient_idx" ON "idp_outbox" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "idp_provider_records_grant_idx" ON "idp_provider_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_provider_records_uid_idx" ON "idp_provider_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "idp_provider_records_expires_idx" ON "idp_provider_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idp_verification_codes_interaction_idx" ON "idp_verification_codes" USING btree ("interaction_uid","purpose");--> statement-breakpoint
CREATE INDEX "idp_verification_codes_email_idx" ON "idp_verification_codes" USING btree ("email","created_at");