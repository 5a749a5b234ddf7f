export interface ContentSection {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
  faq?: Array<{ question: string; answer: string }>;
}

export interface ContentPage {
  title: string;
  lead?: string;
  sections: ContentSection[];
}
