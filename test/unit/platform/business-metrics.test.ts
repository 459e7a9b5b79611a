import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessMetricNames, metricDimensions, metricsNamespace } from '../../../functions/shared/metric-names';
import { emittedMetrics as emitted } from '../../support/emitted-metrics';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('business metrics', () => {
  it('are written at once as valid EMF, one line a value, in the namespace and with exactly the dimensions the alarms use', async () => {
    const lines = await emitted({ STAGE: 'prod', POWERTOOLS_METRICS_DISABLED: 'false' }, (metrics) => {
      metrics.paymentsPendingPastWindow(0);
      metrics.paidOrdersUndelivered(2);
      metrics.paymentVerifyFailed();
    });
    expect(lines).toHaveLength(3);
    const names = [
      businessMetricNames.paymentsPendingPastWindow,
      businessMetricNames.paidOrdersUndelivered,
      businessMetricNames.paymentVerifyFailures,
    ];
    for (const [i, line] of lines.entries()) {
      const [directive, ...others] = line._aws.CloudWatchMetrics;
      expect(others).toEqual([]);
      expect(typeof line._aws.Timestamp).toBe('number');
      expect(directive.Namespace).toBe(metricsNamespace);
      expect(directive.Metrics).toEqual([{ Name: names[i], Unit: 'Count' }]);
      // The alarms find a metric by its exact set of dimensions: these and no other.
      const dimensions = metricDimensions('prod');
      expect(directive.Dimensions).toEqual([Object.keys(dimensions)]);
      for (const [name, value] of Object.entries(dimensions)) expect(line[name]).toBe(value);
    }
    expect(lines.map((line, i) => line[names[i]!])).toEqual([0, 2, 1]);
  });

  it('write nothing where Powertools is told so (the local stack and the tests)', async () => {
    const lines = await emitted({ STAGE: 'local', POWERTOOLS_METRICS_DISABLED: 'true' }, (metrics) => {
      metrics.paymentsPendingPastWindow(3);
      metrics.paymentVerifyFailed();
    });
    expect(lines).toEqual([]);
  });
});
