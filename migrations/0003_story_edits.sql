ALTER TABLE `transcripts` ADD `original_stories` text;--> statement-breakpoint
-- Transcripts generated before this migration have not been edited: what they hold is their original.
UPDATE `transcripts` SET `original_stories` = `generated_stories` WHERE `generated_stories` IS NOT NULL;
