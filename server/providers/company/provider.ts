/** What a company-data service knows about an ИНН (ЕГРЮЛ for organizations, ЕГРИП for sole traders). */
export type CompanyInfo = {
  inn: string;
  name: string;
  /** КПП of an organization; sole traders have none. */
  kpp: string | null;
  /** ОГРН (13 digits) or ОГРНИП (15). */
  ogrn: string;
  address: string;
  type: 'legal' | 'individual';
};

/** Where company data comes from: the sandbox, or a real service (COMPANY_API_KEY). */
export type CompanyProvider = {
  /** The company with this ИНН (already valid), or undefined when the register has none. */
  find(inn: string): Promise<CompanyInfo | undefined>;
};
