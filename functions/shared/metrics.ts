import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { stage } from './config';
import { type BusinessMetricName, businessMetricNames, metricsNamespace, metricsService } from './metric-names';

/**
 * Each value is written at once as one line of CloudWatch's Embedded Metric Format on stdout
 * (CloudWatch Logs turns it into a metric), so no handler needs a flush step. The emitter is made
 * on the first value: nothing runs at import, so a bundle that never emits leaves the package out
 * (esbuild drops it). POWERTOOLS_METRICS_DISABLED=true (the local stack, the tests' domain code)
 * writes nothing.
 */
let emitter: Metrics | undefined;

function emit(name: BusinessMetricName, value: number) {
  emitter ??= new Metrics({ namespace: metricsNamespace, serviceName: metricsService, defaultDimensions: { stage }, singleMetric: true });
  emitter.addMetric(name, MetricUnit.Count, value);
}

/**
 * The shop's business metrics, the port the services and jobs report through (they know nothing
 * of EMF or Lambda). Names and dimensions come from `metric-names.ts`, which the alarms use too.
 */
export const businessMetrics = {
  /** What the reconciler's run saw: gateway payments pending past the operators' minutes (0 included). */
  paymentsPendingPastWindow: (count: number) => emit(businessMetricNames.paymentsPendingPastWindow, count),
  /** What the delivery job's run saw: paid orders undelivered past their window (0 included). */
  paidOrdersUndelivered: (count: number) => emit(businessMetricNames.paidOrdersUndelivered, count),
  /** One verify-payment call that got no usable answer. */
  paymentVerifyFailed: () => emit(businessMetricNames.paymentVerifyFailures, 1),
};
