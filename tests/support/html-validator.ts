/**
 * The HTML validator of the tests: html-validate's standards and accessibility rules, and three
 * rules of the Nu Html Checker that html-validate does not have: a description list names each
 * term before its details, a `tel:` link is a number without spaces, and a required select opens
 * on an empty placeholder option.
 */
import {
  type DOMReadyEvent,
  definePlugin,
  type HtmlElement,
  HtmlValidate,
  Rule,
} from "html-validate";

class DescriptionListOrder extends Rule {
  override documentation() {
    return {
      description:
        "A <dl> holds <dt> and <dd> (or <div> groups of them), each group a term first and then its details.",
    };
  }
  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const list of event.document.querySelectorAll("dl")) {
        const children = list.childElements.filter(
          (c) => !["script", "template"].includes(c.tagName),
        );
        if (children.some((c) => c.tagName === "div")) {
          for (const child of children) {
            if (child.tagName !== "div")
              this.report(child, `<${child.tagName}> beside <div> groups in a <dl>`);
            else this.group(child.childElements, true);
          }
        } else {
          this.group(children, false);
        }
      }
    });
  }
  /** A run of terms and details: a term first, and in a <div> group, terms before details. */
  private group(children: HtmlElement[], oneGroup: boolean) {
    let seenTerm = false;
    let seenDetails = false;
    for (const child of children) {
      if (child.tagName === "dt") {
        if (oneGroup && seenDetails)
          this.report(child, "<dt> after a <dd> in a <div> group of a <dl>");
        seenTerm = true;
      } else if (child.tagName === "dd") {
        if (!seenTerm) this.report(child, "<dd> before any <dt> in a <dl>");
        seenDetails = true;
      } else {
        this.report(child, `<${child.tagName}> in a <dl> where only <dt> and <dd> may be`);
      }
    }
    if (oneGroup && !seenDetails && children.length > 0) {
      const first = children[0] as HtmlElement;
      this.report(first, "a <div> group of a <dl> without a <dd>");
    }
  }
}

class TelephoneLink extends Rule {
  override documentation() {
    return {
      description: "A tel: link is a telephone number: digits, + and visual separators, no spaces.",
    };
  }
  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const link of event.document.querySelectorAll("a[href]")) {
        const href = String(link.getAttribute("href")?.value ?? "");
        if (href.startsWith("tel:") && !/^tel:\+?[0-9][0-9().-]*$/.test(href)) {
          this.report(link, `bad tel: address "${href}"`);
        }
      }
    });
  }
}

class RequiredSelectPlaceholder extends Rule {
  override documentation() {
    return {
      description:
        'A required <select> shown as a drop-down opens on a placeholder: a first <option value=""> directly in it.',
    };
  }
  override setup() {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const select of event.document.querySelectorAll("select[required]")) {
        if (select.hasAttribute("multiple")) continue;
        const size = Number(select.getAttribute("size")?.value ?? 1);
        if (size > 1) continue;
        const first = select.childElements[0];
        const value = first?.getAttribute("value");
        if (first?.tagName !== "option" || value === null || String(value?.value) !== "") {
          this.report(select, 'a required <select> without a first <option value="">');
        }
      }
    });
  }
}

const nuRules = definePlugin({
  name: "nu-rules",
  rules: {
    "nu-rules/dl-order": DescriptionListOrder,
    "nu-rules/tel-link": TelephoneLink,
    "nu-rules/required-select-placeholder": RequiredSelectPlaceholder,
  },
});

export const htmlValidator = new HtmlValidate({
  plugins: [nuRules],
  extends: ["html-validate:standard", "html-validate:a11y", "html-validate:document"],
  rules: {
    // Subresource integrity guards files from another origin; every script and style of the site
    // comes from the site itself.
    "require-sri": "off",
    "nu-rules/dl-order": "error",
    "nu-rules/tel-link": "error",
    "nu-rules/required-select-placeholder": "error",
  },
});

/** Every error in `html`, one line each (rule, line:column, message), none when it is valid. */
export async function htmlErrors(html: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages
      .filter((m) => m.severity === 2)
      .map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message} [${m.selector ?? ""}]`),
  );
}
