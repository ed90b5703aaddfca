ALTER TABLE `email_outbox` ADD `sealed` text;--> statement-breakpoint
-- Mail stored before this migration holds its links whole (working tokens): it is deleted, not kept.
DELETE FROM `email_outbox`;
