/**
 * The texts of the mails the site sends to visitors, in English: the source of truth, as en.ts
 * is for pages. Russian (mail-ru.ts) must have every key (the catalogues' test checks). Kept out
 * of en.ts because pages never show them: the server alone reads them (messages.server.ts).
 * Program figures ({{roiRate}}, {{ownerShare}} ...) come from the owner programs' module.
 */
export const mailEn = {
  common: {
    hello: "Hello,",
    dear: "Dear {{name}},",
    contacts: "You can reach us any time:",
    phone: "Phone: {{phone}}",
    office: "Office: {{address}}",
    signature: "Kind regards,\n{{brand}}",
  },
  lead: {
    subject: {
      roi: "your ROI {{roiRate}}% program request",
      "revenue-share": "your {{ownerShare}}:{{companyShare}} revenue share request",
      "unit-enquiry": "your enquiry about {{unit}}",
      contact: "your message to our rental desk",
      newsletter: "welcome to our newsletter",
      viewing: "your viewing request for {{unit}}",
      "availability-alert": "we will check when {{unit}} is free",
    },
    subjectNoUnit: {
      "unit-enquiry": "your enquiry about a unit",
      viewing: "your viewing request",
      "availability-alert": "we will check when the unit is free",
    },
    thanks: "Thank you for contacting us. We have received your request.",
    about: {
      roi: "You asked about our ROI {{roiRate}}% program: a guaranteed {{roiRate}}% a year on your property's value, paid quarterly, with free nights for you every year.",
      "revenue-share":
        "You asked about our {{ownerShare}}:{{companyShare}} revenue share program: you keep {{ownerShare}}% of the rental income, we manage everything for {{companyShare}}%.",
      "unit-enquiry": "You asked about this unit:",
      contact: "You wrote to our rental desk.",
      newsletter:
        "You are subscribed to our newsletter: new units, market notes and owner news, a few times a month at most.",
      viewing: "You asked to view this unit:",
      "availability-alert": "You asked us to tell you when this unit is free:",
    },
    next: "What happens next: someone from our desk will contact you within 24 hours to discuss the details and answer your questions.",
    nextNewsletter: "Nothing else to do: the next issue will come to this address.",
    nextViewing:
      "What happens next: we will confirm a viewing time within 24 hours, or suggest another one if that day is taken.",
    nextAvailability:
      "What happens next: once a day we check the unit's calendar. When it is free from your date, we send you one e-mail with the free dates and a link to ask for it. If you want similar units now, write to us or call.",
    unsubscribe: "To stop receiving our newsletter, open:",
    brochure: "The program's brochure (PDF):",
  },
  figures: {
    propertyValue: "Property value: {{value}}",
    propertyValueDetails: "Property value: {{value}} ({{details}})",
    bedrooms: "{{bedrooms}} bedrooms",
    projection:
      "Projection: {{annual}} a year, {{quarterly}} a quarter, {{monthly}} a month; {{fiveYear}} over {{roiYears}} years; {{nights}} free nights a year",
    lease: "Lease: {{lease}}",
    moveIn: "Move-in: {{date}}",
    wantedFrom: "Wanted from: {{date}}",
    viewingDates: "Preferred viewing dates: {{dates}}",
    viewingDatesTime: "Preferred viewing dates: {{dates}} ({{time}})",
  },
  newsletterConfirm: {
    subject: "{{brand}}: please confirm your newsletter subscription",
    text: "Someone, we hope you, asked for {{brand}}'s newsletter to be sent to this address. To confirm, open this link within {{days}} days:",
    ignore: "If it was not you, ignore this e-mail: without your confirmation we send you nothing.",
  },
  availabilityNotice: {
    subject: "{{brand}}: {{unit}} is free from {{from}}",
    freeUntil: "{{unit}} is free from {{from}} until {{until}}.",
    freeOpen: "{{unit}} is free from {{from}}, with nothing booked after that.",
    asked: "You asked us on {{on}} to tell you when it is free for your dates.",
    link: "To ask for it or book a viewing, open the unit's page:",
    once: "This is the only notice we send for that request. Free units go quickly: the sooner you write, the better.",
    unsubscribe:
      "To receive no more marketing e-mails from us (notices like this, new-unit alerts, newsletters), open:",
  },
  savedSearch: {
    confirmSubject: "Confirm your saved search — {{brand}}",
    confirmAsked: "You asked us to e-mail you new units like these:",
    confirmHow: "To confirm, open this link and press Confirm (it works for {{days}} days):",
    confirmIgnore: "If it was not you, ignore this e-mail: nothing more will be sent.",
    alertSubjectSingle: "A new unit matches your search — {{brand}}",
    alertSubject_one: "{{count}} new unit matches your search — {{brand}}",
    alertSubject_other: "{{count}} new units match your search — {{brand}}",
    alertIntro: "New units match your saved search:",
    perMonth: "a month on a 1-year lease",
    more: "… and {{count}} more.",
    list: "Every unit of this search:",
    why: "You receive this because you saved this search on our site and confirmed it.",
    stop: "Stop these e-mails:",
  },
};
