import {
  DEPOSIT_RETURN_DAYS,
  DEPOSIT_RETURN_DAYS_WITH_REPAIRS,
  MAX_ADVANCE_MONTHS,
} from "../../domain/lease-rules.ts";
import type { TenantLanguage } from "../../domain/leases.ts";

/**
 * The words of the residential lease, in Thai, English and Russian, written for this company.
 * They carry the terms of the Contract Committee's 2025 notice on residential leasing as a
 * contract-controlled business (a landlord of three units or more): the deposit back within
 * 7 days, or 14 with itemised repairs; at most three months' rent taken in advance, deposit
 * included; a move-in inspection report signed by both; and other fair terms. The Thai text
 * prevails.
 */

export type ContractLanguage = TenantLanguage;
export const CONTRACT_LANGUAGES = ["th", "en", "ru"] as const satisfies readonly ContractLanguage[];

export interface ContractTenant {
  name: string;
  nationality: string;
  passportNumber: string;
}

export interface ContractInput {
  /** The contract's language beside Thai; "th": Thai only. */
  lang: ContractLanguage;
  /** The lease's reference, e.g. "L-2026-0042". */
  reference: string;
  /** The day the contract is made (ISO). */
  madeOn: string;
  company: { name: string; address: string; phone: string; email: string };
  tenants: ContractTenant[];
  unit: { name: string; building: string; unitCode: string; address: string };
  /** First and last day of the lease, both included (ISO). */
  firstDay: string;
  lastDay: string;
  /** Whole baht. */
  monthlyRent: number;
  deposit: number;
  /** Rent paid on signing, ahead of the first period (whole baht); counts toward the cap. */
  advanceRent: number;
  /** Day of the month rent is due, 1–28. */
  dueDay: number;
}

export type Texts = Record<ContractLanguage, string>;

export interface Clause {
  heading: Texts;
  body: Texts;
  /** Items shown one per line under the body (house rules). */
  items?: Texts[];
}

const LOCALE: Record<ContractLanguage, string> = { th: "th-TH", en: "en-GB", ru: "ru-RU" };

/** A day as a contract writes it: "1 ธันวาคม 2569" (Buddhist era), "1 December 2026", "1 декабря 2026 г.". */
export function contractDate(iso: string, lang: ContractLanguage): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE[lang], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Whole baht as a contract writes them: "35,000 บาท", "35,000 baht", "35 000 бат". */
export function contractBaht(amount: number, lang: ContractLanguage): string {
  if (lang === "ru") return `${amount.toLocaleString("ru-RU")} бат`;
  const figure = amount.toLocaleString("en-US");
  return lang === "th" ? `${figure} บาท` : `${figure} baht`;
}

/** Why the figures cannot go in this contract, or null: the 2025 notice caps money in advance. */
export function contractProblem(input: ContractInput): string | null {
  const cap = input.monthlyRent * MAX_ADVANCE_MONTHS;
  if (input.deposit + input.advanceRent > cap)
    return `The deposit (${input.deposit}) and the rent paid in advance (${input.advanceRent}) come to more than ${MAX_ADVANCE_MONTHS} months' rent (${cap} baht). Lower the deposit first.`;
  if (input.tenants.length === 0) return "The lease has no tenant to sign it.";
  return null;
}

const all = (f: (lang: ContractLanguage) => string): Texts => ({
  th: f("th"),
  en: f("en"),
  ru: f("ru"),
});

const OTHER_LANGUAGE_NAME: Record<ContractLanguage, Texts> = {
  th: { th: "ภาษาไทย", en: "Thai", ru: "тайском" },
  en: { th: "ภาษาอังกฤษ", en: "English", ru: "английском" },
  ru: { th: "ภาษารัสเซีย", en: "Russian", ru: "русском" },
};

export function contractTitle(): Texts {
  return {
    th: "สัญญาเช่าที่อยู่อาศัย",
    en: "Residential Lease Agreement",
    ru: "Договор аренды жилого помещения",
  };
}

export function labels() {
  return {
    reference: { th: "เลขที่สัญญา", en: "Lease no.", ru: "Договор №" } as Texts,
    landlord: { th: "ผู้ให้เช่า", en: "Landlord", ru: "Арендодатель" } as Texts,
    tenant: { th: "ผู้เช่า", en: "Tenant", ru: "Арендатор" } as Texts,
    witness: { th: "พยาน", en: "Witness", ru: "Свидетель" } as Texts,
    signed: { th: "ลงชื่อ", en: "Signed", ru: "Подпись" } as Texts,
    date: { th: "วันที่", en: "Date", ru: "Дата" } as Texts,
    authorised: {
      th: "ผู้มีอำนาจลงนาม",
      en: "authorised signatory",
      ru: "уполномоченное лицо",
    } as Texts,
    page: { th: "หน้า", en: "Page", ru: "Стр." } as Texts,
  };
}

/** The opening: who makes the agreement, where and when. */
export function preamble(input: ContractInput): Texts {
  const { company } = input;
  return all((lang) => {
    const date = contractDate(input.madeOn, lang);
    if (lang === "th")
      return `สัญญานี้ทำขึ้นเมื่อวันที่ ${date} ณ ${company.address} ระหว่าง ${company.name} ที่อยู่ ${company.address} ในฐานะผู้บริหารจัดการทรัพย์และตัวแทนของเจ้าของห้อง ซึ่งต่อไปในสัญญานี้เรียกว่า "ผู้ให้เช่า" ฝ่ายหนึ่ง กับผู้เช่าตามรายชื่อด้านล่าง ซึ่งต่อไปในสัญญานี้เรียกว่า "ผู้เช่า" อีกฝ่ายหนึ่ง ทั้งสองฝ่ายตกลงกันดังต่อไปนี้`;
    if (lang === "en")
      return `This agreement is made on ${date} at ${company.address} between ${company.name}, of ${company.address}, acting as manager of the property and on behalf of its owner (the "Landlord"), and the tenant or tenants named below (the "Tenant"). The parties agree as follows.`;
    return `Настоящий договор заключён ${date} по адресу: ${company.address}, между ${company.name}, адрес: ${company.address}, действующей как управляющая компания от имени собственника помещения (далее — «Арендодатель»), и арендатором или арендаторами, указанными ниже (далее — «Арендатор»). Стороны договорились о следующем.`;
  });
}

/** One line per tenant: name, nationality, passport. */
export function tenantLine(tenant: ContractTenant, index: number): Texts {
  const n = index + 1;
  return {
    th: `${n}. ${tenant.name} สัญชาติ ${tenant.nationality} หนังสือเดินทางเลขที่ ${tenant.passportNumber}`,
    en: `${n}. ${tenant.name}, nationality ${tenant.nationality}, passport no. ${tenant.passportNumber}`,
    ru: `${n}. ${tenant.name}, гражданство: ${tenant.nationality}, паспорт № ${tenant.passportNumber}`,
  };
}

const HOUSE_RULES: Texts[] = [
  {
    th: "ห้ามสูบบุหรี่และบุหรี่ไฟฟ้าภายในห้องและในพื้นที่ส่วนกลางที่มีหลังคา",
    en: "No smoking or vaping inside the unit or in covered common areas.",
    ru: "Не курить (в том числе электронные сигареты) в помещении и в крытых местах общего пользования.",
  },
  {
    th: "งดส่งเสียงดังรบกวนผู้อื่นระหว่างเวลา 22.00 ถึง 07.00 น.",
    en: "Quiet hours are from 22:00 to 07:00.",
    ru: "Тишина с 22:00 до 07:00.",
  },
  {
    th: "การเลี้ยงสัตว์ต้องได้รับความยินยอมเป็นหนังสือจากผู้ให้เช่าก่อน",
    en: "Pets only with the Landlord's written consent.",
    ru: "Домашние животные — только с письменного согласия Арендодателя.",
  },
  {
    th: "ผู้พักอาศัยประจำต้องเป็นผู้เช่าที่มีชื่อในสัญญานี้เท่านั้น",
    en: "Only the tenants named in this agreement live in the unit.",
    ru: "Постоянно в помещении проживают только арендаторы, указанные в договоре.",
  },
  {
    th: "ทิ้งขยะตามจุดที่อาคารกำหนด และรักษาความสะอาดของพื้นที่ส่วนกลาง",
    en: "Rubbish goes to the building's collection point; common areas are kept clean.",
    ru: "Мусор выносится в места сбора здания; места общего пользования содержатся в чистоте.",
  },
  {
    th: "ผู้เช่าให้ข้อมูลหนังสือเดินทางที่จำเป็นแก่ผู้ให้เช่า เพื่อแจ้งที่พักของคนต่างด้าวต่อสำนักงานตรวจคนเข้าเมือง (ตม.30)",
    en: "The Tenant gives the Landlord the passport details needed to report the Tenant's residence to Immigration (form TM30).",
    ru: "Арендатор предоставляет Арендодателю паспортные данные, необходимые для уведомления иммиграционной службы о месте проживания (форма TM30).",
  },
];

/** The clauses, numbered in order. */
export function clauses(input: ContractInput): Clause[] {
  const { unit } = input;
  const cap = input.monthlyRent * MAX_ADVANCE_MONTHS;
  const other = input.lang;
  const list: Clause[] = [
    {
      heading: { th: "ทรัพย์ที่เช่า", en: "The premises", ru: "Объект аренды" },
      body: {
        th: `ผู้ให้เช่าตกลงให้เช่าและผู้เช่าตกลงเช่า ${unit.name} ห้องเลขที่ ${unit.unitCode} อาคาร ${unit.building} ตั้งอยู่ที่ ${unit.address} (ต่อไปเรียกว่า "ทรัพย์ที่เช่า") พร้อมเฟอร์นิเจอร์และอุปกรณ์ตามรายงานการตรวจสภาพห้อง เพื่อใช้เป็นที่อยู่อาศัยเท่านั้น`,
        en: `The Landlord lets and the Tenant takes ${unit.name}, unit ${unit.unitCode} in ${unit.building}, at ${unit.address} (the "Premises"), with the furniture and equipment listed in the inspection report, for use as a home only.`,
        ru: `Арендодатель сдаёт, а Арендатор принимает в аренду ${unit.name}, помещение ${unit.unitCode} в ${unit.building}, по адресу: ${unit.address} (далее — «Помещение»), с мебелью и оборудованием согласно акту осмотра, только для проживания.`,
      },
    },
    {
      heading: { th: "ระยะเวลาการเช่า", en: "Term", ru: "Срок аренды" },
      body: all((lang) => {
        const from = contractDate(input.firstDay, lang);
        const to = contractDate(input.lastDay, lang);
        if (lang === "th") return `สัญญานี้มีกำหนดระยะเวลาตั้งแต่วันที่ ${from} ถึงวันที่ ${to}`;
        if (lang === "en") return `The lease runs from ${from} to ${to}, both days included.`;
        return `Срок аренды — с ${from} по ${to} включительно.`;
      }),
    },
    {
      heading: { th: "ค่าเช่า", en: "Rent", ru: "Арендная плата" },
      body: all((lang) => {
        const rent = contractBaht(input.monthlyRent, lang);
        const day = input.dueDay;
        if (lang === "th")
          return `ผู้เช่าตกลงชำระค่าเช่าเดือนละ ${rent} ล่วงหน้าภายในวันที่ ${day} ของทุกเดือน โดยโอนเงินเข้าบัญชีของผู้ให้เช่า ชำระผ่านพร้อมเพย์ หรือชำระเป็นเงินสด ผู้ให้เช่าจะออกใบเสร็จรับเงินให้ทุกครั้งที่ได้รับชำระ`;
        if (lang === "en")
          return `The rent is ${rent} a month, paid in advance by day ${day} of each month, by bank transfer or PromptPay to the Landlord's account, or in cash. The Landlord gives a receipt for every payment.`;
        return `Арендная плата составляет ${rent} в месяц и вносится авансом до ${day}-го числа каждого месяца банковским переводом или через PromptPay на счёт Арендодателя либо наличными. Арендодатель выдаёт квитанцию на каждый платёж.`;
      }),
    },
    {
      heading: {
        th: "เงินประกันและค่าเช่าล่วงหน้า",
        en: "Deposit and rent in advance",
        ru: "Залог и авансовая плата",
      },
      body: all((lang) => {
        const deposit = contractBaht(input.deposit, lang);
        const advance = contractBaht(input.advanceRent, lang);
        const max = contractBaht(cap, lang);
        if (lang === "th")
          return `ในวันทำสัญญา ผู้เช่าชำระเงินประกันการเช่า ${deposit} และค่าเช่าล่วงหน้า ${advance} เงินประกันรวมกับค่าเช่าล่วงหน้าทั้งหมดไม่เกินค่าเช่าสามเดือน (${max}) ผู้ให้เช่าไม่เรียกเก็บเงินอื่นใดล่วงหน้า`;
        if (lang === "en")
          return `On signing, the Tenant pays a security deposit of ${deposit} and rent in advance of ${advance}. The deposit and all rent paid in advance together never exceed three months' rent (${max}). The Landlord takes no other money in advance.`;
        return `При подписании Арендатор вносит залог ${deposit} и авансовую арендную плату ${advance}. Залог вместе со всей авансовой платой не превышает арендной платы за три месяца (${max}). Иных авансовых платежей Арендодатель не взимает.`;
      }),
    },
    {
      heading: { th: "การคืนเงินประกัน", en: "Return of the deposit", ru: "Возврат залога" },
      body: all((lang) => {
        const days = DEPOSIT_RETURN_DAYS;
        const withRepairs = DEPOSIT_RETURN_DAYS_WITH_REPAIRS;
        if (lang === "th")
          return `ผู้ให้เช่าจะคืนเงินประกันภายใน ${days} วันนับแต่วันที่สัญญาสิ้นสุดและผู้เช่าส่งมอบทรัพย์ที่เช่าคืน หากต้องหักค่าซ่อมแซมความเสียหายที่เกินกว่าการเสื่อมสภาพตามปกติ ผู้ให้เช่าจะแจ้งรายการค่าใช้จ่ายพร้อมหลักฐานเป็นหนังสือ และคืนเงินส่วนที่เหลือภายใน ${withRepairs} วัน การหักเงินประกันทำได้เฉพาะค่าเช่าหรือค่าใช้จ่ายที่ค้างชำระและความเสียหายที่ผู้เช่าก่อขึ้นเท่านั้น`;
        if (lang === "en")
          return `The Landlord returns the deposit within ${days} days after the lease ends and the Tenant hands back the Premises. Where the cost of repairing damage beyond normal wear and tear is deducted, the Landlord gives the Tenant a written, itemised list of the costs with evidence and returns the balance within ${withRepairs} days. Only unpaid rent or charges and damage the Tenant caused are deducted.`;
        return `Арендодатель возвращает залог в течение ${days} дней после окончания аренды и передачи Помещения Арендатором. Если из залога удерживается стоимость ремонта повреждений сверх естественного износа, Арендодатель письменно передаёт Арендатору перечень расходов с подтверждающими документами и возвращает остаток в течение ${withRepairs} дней. Удерживаются только неоплаченная аренда или платежи и ущерб, причинённый Арендатором.`;
      }),
    },
    {
      heading: {
        th: "ค่าไฟฟ้าและค่าน้ำประปา",
        en: "Electricity and water",
        ru: "Электричество и вода",
      },
      body: {
        th: "ค่าไฟฟ้าและค่าน้ำประปาคิดตามมาตรวัด ในอัตราที่การไฟฟ้าส่วนภูมิภาคและผู้ให้บริการน้ำประปาเรียกเก็บจริง โดยไม่บวกเพิ่ม ผู้ให้เช่าแสดงเลขมาตรวัดพร้อมใบแจ้งหนี้ทุกครั้ง บริการอื่นที่ผู้เช่าขอใช้เอง เช่น อินเทอร์เน็ต ผู้เช่าเป็นผู้ชำระ",
        en: "Electricity and water are charged by meter at the rates the Provincial Electricity Authority and the water supplier actually charge, with no mark-up; every bill shows the meter readings. Services the Tenant orders, such as internet, are paid by the Tenant.",
        ru: "Электричество и вода оплачиваются по счётчикам по тарифам, которые фактически взимают Провинциальное управление электроснабжения и поставщик воды, без наценки; в каждом счёте указаны показания счётчиков. Услуги, заказанные Арендатором (например, интернет), оплачивает Арендатор.",
      },
    },
    {
      heading: {
        th: "รายงานการตรวจสภาพห้อง",
        en: "Inspection report",
        ru: "Акт осмотра",
      },
      body: {
        th: "ก่อนผู้เช่าเข้าอยู่ คู่สัญญาจะตรวจสภาพทรัพย์ที่เช่าร่วมกัน และลงนามในรายงานการตรวจสภาพห้องซึ่งระบุห้องและอุปกรณ์แต่ละรายการ สภาพ และภาพถ่าย โดยแต่ละฝ่ายเก็บไว้ฝ่ายละหนึ่งฉบับ เมื่อสัญญาสิ้นสุด คู่สัญญาจะตรวจสภาพอีกครั้งเทียบกับรายงานดังกล่าว",
        en: "Before the Tenant moves in, the parties inspect the Premises together and both sign an inspection report listing each room and item, its condition, with photos; each party keeps a copy. When the lease ends, they inspect the Premises again against that report.",
        ru: "До въезда Арендатора стороны вместе осматривают Помещение и подписывают акт осмотра с перечнем комнат и предметов, их состоянием и фотографиями; у каждой стороны остаётся экземпляр. По окончании аренды стороны снова осматривают Помещение, сверяясь с этим актом.",
      },
    },
    {
      heading: { th: "การใช้และดูแลทรัพย์ที่เช่า", en: "Use and care", ru: "Пользование и уход" },
      body: {
        th: "ผู้เช่าใช้ทรัพย์ที่เช่าเป็นที่อยู่อาศัย ดูแลรักษาความสะอาด และจะไม่ให้เช่าช่วง โอนสิทธิการเช่า หรือดัดแปลงทรัพย์ที่เช่า เว้นแต่ได้รับความยินยอมเป็นหนังสือจากผู้ให้เช่า ผู้เช่าปฏิบัติตามกฎระเบียบในสัญญานี้และระเบียบของอาคาร",
        en: "The Tenant uses the Premises as a home and keeps them clean, and does not sublet, assign the lease or alter the Premises without the Landlord's written consent. The Tenant follows the house rules below and the building's rules.",
        ru: "Арендатор использует Помещение для проживания и содержит его в чистоте; не сдаёт его в субаренду, не передаёт права по договору и не переделывает Помещение без письменного согласия Арендодателя. Арендатор соблюдает правила проживания ниже и правила здания.",
      },
    },
    {
      heading: { th: "การซ่อมแซม", en: "Repairs", ru: "Ремонт" },
      body: {
        th: "ผู้ให้เช่าดูแลโครงสร้าง ระบบประปา ระบบไฟฟ้า และอุปกรณ์ที่ให้มาให้ใช้งานได้ และซ่อมแซมความชำรุดที่ผู้เช่าไม่ได้ก่อขึ้นภายในเวลาอันสมควรด้วยค่าใช้จ่ายของผู้ให้เช่า ผู้เช่าแจ้งความชำรุดโดยเร็ว และรับผิดชอบความเสียหายที่ผู้เช่า ผู้อยู่อาศัย หรือแขกของผู้เช่าก่อขึ้น",
        en: "The Landlord keeps the structure, plumbing, wiring and the equipment supplied in working order and repairs faults the Tenant did not cause, within a reasonable time and at the Landlord's cost. The Tenant reports faults promptly and pays for damage caused by the Tenant, the household or guests.",
        ru: "Арендодатель поддерживает в исправном состоянии конструкции, водопровод, электропроводку и предоставленное оборудование и за свой счёт в разумный срок устраняет неисправности, возникшие не по вине Арендатора. Арендатор сообщает о неисправностях без промедления и оплачивает ущерб, причинённый им, проживающими с ним или его гостями.",
      },
    },
    {
      heading: { th: "การเข้าตรวจทรัพย์ที่เช่า", en: "Entry", ru: "Доступ в Помещение" },
      body: {
        th: "ผู้ให้เช่าอาจเข้าตรวจหรือซ่อมแซมทรัพย์ที่เช่าในเวลาอันสมควร โดยแจ้งผู้เช่าล่วงหน้าไม่น้อยกว่า 24 ชั่วโมง เว้นแต่กรณีฉุกเฉิน",
        en: "The Landlord may enter the Premises to inspect or repair at reasonable times, after giving the Tenant at least 24 hours' notice, except in an emergency.",
        ru: "Арендодатель может входить в Помещение для осмотра или ремонта в разумное время, предупредив Арендатора не менее чем за 24 часа, кроме экстренных случаев.",
      },
    },
    {
      heading: { th: "การเลิกสัญญา", en: "Ending the lease early", ru: "Досрочное расторжение" },
      body: {
        th: "ผู้เช่าอาจบอกเลิกสัญญาก่อนครบกำหนดได้ โดยแจ้งเป็นหนังสือล่วงหน้าไม่น้อยกว่า 30 วัน ผู้ให้เช่าอาจบอกเลิกสัญญาได้เฉพาะเมื่อผู้เช่าผิดสัญญาในข้อสาระสำคัญ และไม่แก้ไขภายใน 30 วันนับแต่ได้รับหนังสือแจ้ง ผู้ให้เช่าจะไม่ปิดกั้นการเข้าออก ตัดไฟฟ้าหรือน้ำประปา หรือขนย้ายทรัพย์สินของผู้เช่า เพื่อบังคับการชำระเงิน",
        en: "The Tenant may end the lease early by giving at least 30 days' written notice. The Landlord may end it only if the Tenant breaches an essential term and does not put it right within 30 days of written notice. The Landlord never locks the Tenant out, cuts off electricity or water, or removes the Tenant's belongings to enforce payment.",
        ru: "Арендатор может досрочно расторгнуть договор, письменно предупредив не менее чем за 30 дней. Арендодатель может расторгнуть договор, только если Арендатор нарушил существенное условие и не устранил нарушение в течение 30 дней после письменного уведомления. Арендодатель никогда не закрывает Арендатору доступ, не отключает электричество или воду и не вывозит вещи Арендатора, чтобы добиться оплаты.",
      },
    },
    {
      heading: { th: "กฎระเบียบการอยู่อาศัย", en: "House rules", ru: "Правила проживания" },
      body: {
        th: "ผู้เช่าตกลงปฏิบัติตามกฎระเบียบต่อไปนี้",
        en: "The Tenant agrees to these house rules.",
        ru: "Арендатор соблюдает следующие правила.",
      },
      items: HOUSE_RULES,
    },
    {
      heading: {
        th: "กฎหมายที่ใช้บังคับ",
        en: "Law and the 2025 notice",
        ru: "Применимое право",
      },
      body: {
        th: "สัญญานี้อยู่ภายใต้กฎหมายไทย และเป็นไปตามประกาศคณะกรรมการว่าด้วยสัญญา เรื่อง ให้ธุรกิจให้เช่าที่อยู่อาศัยเป็นธุรกิจที่ควบคุมสัญญา พ.ศ. 2568 หากข้อความใดในสัญญานี้ทำให้ผู้เช่าเสียประโยชน์มากกว่าที่ประกาศกำหนด ให้ใช้ตามประกาศนั้น",
        en: "This agreement is governed by Thai law and follows the Contract Committee's notice making residential leasing a contract-controlled business (B.E. 2568, 2025). Where a term here is less favourable to the Tenant than that notice, the notice applies.",
        ru: "Договор регулируется законодательством Таиланда и соответствует уведомлению Комитета по договорам о признании сдачи жилья в аренду бизнесом с контролируемыми договорами (2568 г. буддийской эры, 2025 г.). Если какое-либо условие договора менее выгодно Арендатору, чем это уведомление, применяется уведомление.",
      },
    },
    {
      heading: { th: "ภาษาและคู่ฉบับ", en: "Language and copies", ru: "Язык и экземпляры" },
      body: all((lang) => {
        if (other === "th") {
          if (lang === "th")
            return "สัญญานี้ทำขึ้นเป็นภาษาไทย สองฉบับมีข้อความถูกต้องตรงกัน คู่สัญญาเก็บไว้ฝ่ายละหนึ่งฉบับ ผู้ให้เช่าส่งมอบสำเนาสัญญาแก่ผู้เช่าในวันลงนาม";
          if (lang === "en")
            return "This agreement is made in Thai, in two identical copies; each party keeps one. The Landlord gives the Tenant a copy on the day of signing.";
          return "Договор составлен на тайском языке в двух одинаковых экземплярах, по одному для каждой стороны. Арендодатель передаёт Арендатору экземпляр в день подписания.";
        }
        const name = OTHER_LANGUAGE_NAME[other][lang];
        if (lang === "th")
          return `สัญญานี้ทำขึ้นเป็นภาษาไทยและ${name} สองฉบับมีข้อความถูกต้องตรงกัน คู่สัญญาเก็บไว้ฝ่ายละหนึ่งฉบับ ผู้ให้เช่าส่งมอบสำเนาสัญญาแก่ผู้เช่าในวันลงนาม หากข้อความภาษาไทยและ${name}ขัดหรือแย้งกัน ให้ถือข้อความภาษาไทยเป็นสำคัญ`;
        if (lang === "en")
          return `This agreement is made in Thai and ${name}, in two identical copies; each party keeps one. The Landlord gives the Tenant a copy on the day of signing. If the Thai and the ${name} texts differ, the Thai text prevails.`;
        return `Договор составлен на тайском и ${name} языках в двух одинаковых экземплярах, по одному для каждой стороны. Арендодатель передаёт Арендатору экземпляр в день подписания. При расхождении текстов на тайском и ${name} языках преимущественную силу имеет текст на тайском языке.`;
      }),
    },
  ];
  return list;
}
