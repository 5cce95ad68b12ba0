/** English texts: the source of truth. Russian (ru.ts) must have every key. */
export const en = {
  meta: {
    title: "Pool villas and condos for rent in Phuket",
    description:
      "Long-term rentals of pool villas and condos in Phuket, managed by a local team: 1-year, 6-month and 1-month leases.",
  },
  nav: {
    home: "Home",
    units: "Units",
    about: "About",
    services: "Services",
    contact: "Contact",
    blog: "Blog",
    language: "Language",
  },
  hero: {
    title: "Find your home in Phuket",
    subtitle: "Pool villas and condos at The Trees and Zen Space, managed by people who live here.",
    tagline: "Long-term rentals • 1-year, 6-month and 1-month leases",
  },
  status: {
    available: "Available",
    soon: "Available Soon",
    occupied: "Occupied",
  },
  listing: {
    heading: "Our units",
    loading: "Loading properties...",
    fallbackNotice: "Using demo data - database connection unavailable",
    empty: "No properties match your current filters",
    clearFilters: "Clear Filters",
    loadMore: "Load More",
    loadMoreFailed: "Failed to load more properties",
  },
  property: {
    type: {
      "pool-villa": "Pool Villa",
      condo: "Condo",
    },
    bedrooms_one: "{{count}} bedroom",
    bedrooms_other: "{{count}} bedrooms",
    bathrooms_one: "{{count}} bathroom",
    bathrooms_other: "{{count}} bathrooms",
    size: "{{size}} m²",
    perMonth: "/month",
    leases: "1 year: {{yearly}} • 6 months: {{sixMonth}} • 1 month: {{monthly}}",
    availableFrom: "Available from {{date}}",
    rentedUntil: "Rented until {{date}}",
    viewDetails: "View Details",
    noPhoto: "No photo yet",
    photoOf: "Photo of {{name}}",
  },
  notFound: {
    title: "Page not found",
    text: "The page you are looking for does not exist or has moved.",
    back: "Back to home",
  },
  error: {
    title: "Something went wrong",
    text: "Please try again in a moment.",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Translation = Widen<typeof en>;
