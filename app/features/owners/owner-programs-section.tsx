/**
 * The owner programs section of the home page (anchor #owners): the two programs, the buttons
 * that open their dialogs, the brochure and the newsletter. Placeholder until the owner
 * programs work lands.
 */
export function OwnerProgramsSection() {
  return <section id="owners" className="scroll-mt-20" />;
}
