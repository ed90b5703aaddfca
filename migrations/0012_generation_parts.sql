ALTER TABLE `transcripts` ADD `generation_parts` integer;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `generation_parts_done` integer DEFAULT 0 NOT NULL;