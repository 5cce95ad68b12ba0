/** The security page's three forms, named in the errors its action answers. */
export type SecurityForm = "enrol" | "change" | "require";
