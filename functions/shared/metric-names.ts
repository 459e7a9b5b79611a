/**
 * The business metrics' names, in one place for the functions that emit them (Embedded Metric
 * Format, `metrics.ts`) and the alarms that watch them (infra/constructs/monitoring.ts): a metric
 * is found in CloudWatch only by its namespace, name and exact set of dimensions, so both sides
 * build them from here. No dependency, so that the CDK app can import it.
 */

/** The namespace of every business metric. */
export const metricsNamespace = 'Storefront';

/** The `service` dimension Powertools puts on every metric (the logger's service name too). */
export const metricsService = 'storefront';

/** The business metrics: two gauges measured by the scheduled jobs each run, and a count of failures. */
export const businessMetricNames = {
  /** Gateway payments still pending longer than the operators' alert minutes (the reconciler, every run; 0 when none). */
  paymentsPendingPastWindow: 'PaymentsPendingPastWindow',
  /** Paid plan orders not delivered past their window, automatic and manual (the delivery job, every run; 0 when none). */
  paidOrdersUndelivered: 'PaidOrdersUndelivered',
  /** Calls to the gateway's verify-payment that got no usable answer (unreachable, timed out, a 5xx, unreadable). */
  paymentVerifyFailures: 'PaymentVerifyFailures',
} as const;

export type BusinessMetricName = (typeof businessMetricNames)[keyof typeof businessMetricNames];

/** The dimensions every business metric carries, exactly: the service and the stage (STAGE). */
export const metricDimensions = (stage: string) => ({ service: metricsService, stage });
