CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stripe_events_processed_at_idx` ON `stripe_events` (`processed_at`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `source` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_customer_unique` ON `subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_unique` ON `subscriptions` (`stripe_subscription_id`);