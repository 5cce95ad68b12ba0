/** The property form's fields as a browser sends them, for tests: a valid condo with `unitCode`. */
export const propertyForm = (unitCode: string): Record<string, string> => ({
  unitCode,
  building: "Zen Space",
  name: "Test Property",
  type: "condo",
  status: "available",
  location: "Kamala",
  bedrooms: "2",
  bathrooms: "1",
  sizeM2: "50",
  floor: "3",
  pricingMonthly: "40000",
  pricingSixMonth: "35000",
  pricingYearly: "30000",
  facilities: "",
  description: "Made by a test.",
  images: "[]",
});
