/** What deleting a company profile takes away, as counted for its confirmation dialog (decision 026). */
export interface DeletionImpact {
  upcomingEvents: number;
  pastEvents: number;
  /** Live registrations of other companies in its events. */
  otherRegistrations: number;
  b2bPlans: number;
  news: number;
  /** Invoices and cancellations it issued (kept: decision 026). */
  invoices: number;
}
