CREATE TABLE "ahjs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower("ahjs"."name")) STORED NOT NULL,
	"state" text NOT NULL,
	"jurisdiction_type" text NOT NULL,
	"ibc" text,
	"irc" text,
	"iebc" text,
	"asce" text,
	"electrical" text,
	"fire" text,
	"wind_speed_mph" double precision,
	"ground_snow_load_psf" double precision,
	"exposure_category" text,
	"min_design_temp_c" double precision,
	"seismic_design_category" text,
	"stamp_type" text,
	"required_reviews" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "code_lists" (
	"type" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"editions" jsonb NOT NULL,
	"default_edition" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"type" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"search_text" text GENERATED ALWAYS AS (lower("equipment"."manufacturer" || ' ' || "equipment"."model")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_key" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower("utilities"."name")) STORED NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "requirement_values" (
	"scope_type" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ahjs" ADD CONSTRAINT "ahjs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_lists" ADD CONSTRAINT "code_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_items" ADD CONSTRAINT "option_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilities" ADD CONSTRAINT "utilities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_values" ADD CONSTRAINT "requirement_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ahjs_state_name_uq" ON "ahjs" USING btree ("state","name_key");--> statement-breakpoint
CREATE INDEX "ahjs_name_trgm" ON "ahjs" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_kind_manufacturer_model_uq" ON "equipment" USING btree ("kind","manufacturer","model");--> statement-breakpoint
CREATE INDEX "equipment_search_trgm" ON "equipment" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "option_items_list_value_uq" ON "option_items" USING btree ("list_key","value");--> statement-breakpoint
CREATE UNIQUE INDEX "utilities_name_uq" ON "utilities" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "utilities_states_gin" ON "utilities" USING gin ("states");--> statement-breakpoint
CREATE INDEX "utilities_name_trgm" ON "utilities" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_values_scope_key_uq" ON "requirement_values" USING btree ("scope_type","scope_id","key");