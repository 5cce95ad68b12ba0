/** Residents' words on the home page; their places and quotes are in the dictionaries. */
export const TESTIMONIALS = [
  { id: "sarah", name: "Sarah Mitchell", avatar: "SM" },
  { id: "dmitry", name: "Дмитрий Волков", avatar: "ДВ" },
  { id: "thomas", name: "Thomas Becker", avatar: "TB" },
] as const;
