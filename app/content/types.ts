export interface ContentSection {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
  faq?: Array<{ question: string; answer: string }>;
  /** Paragraphs per web-analytics mode (decision 035): the page shows the configured one and the opt-out switch. */
  analytics?: Record<"firstParty" | "plausible" | "off", string[]>;
}

export interface ContentPage {
  title: string;
  lead?: string;
  sections: ContentSection[];
}
