export * from "./users";
export * from "./email";
export * from "./projects";
export * from "./integrations";
export * from "./teams";
export * from "./admin";
