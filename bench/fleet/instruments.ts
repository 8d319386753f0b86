// The fleet benchmark reads its figures from the same instruments production reads: each server
// process registers the OpenTelemetry SDK with an in-memory exporter, and sends the prompt_api.* data
// points to the benchmark when asked. Counters and histogram counts are cumulative; the benchmark takes
// differences between phases.
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';

/** One data point: the instrument, its attributes, and its value (a histogram's count). */
export interface InstrumentPoint {
  name: string;
  attributes: Record<string, string | number>;
  value: number;
}

/** Registers the SDK in this process; the returned function reads every prompt_api.* point so far. */
export function registerInMemorySdk(): () => Promise<InstrumentPoint[]> {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return async () => {
    exporter.reset();
    await reader.forceFlush();
    return (exporter.getMetrics().at(-1)?.scopeMetrics ?? []).flatMap((scope) =>
      scope.metrics.flatMap((metric) =>
        metric.dataPoints.map((point) => ({
          name: metric.descriptor.name,
          attributes: point.attributes as Record<string, string | number>,
          value: typeof point.value === 'number' ? point.value : (point.value as { count: number }).count,
        })),
      ),
    );
  };
}

/** The sum of the points of `name` whose attributes include `where`. */
export function sumOf(points: readonly InstrumentPoint[], name: string, where: Record<string, string | number> = {}): number {
  return points
    .filter((point) => point.name === name && Object.entries(where).every(([key, value]) => point.attributes[key] === value))
    .reduce((sum, point) => sum + point.value, 0);
}

/** `after` minus `before`, point by point (cumulative counters between two reads). */
export function difference(after: readonly InstrumentPoint[], before: readonly InstrumentPoint[]): InstrumentPoint[] {
  const key = (point: InstrumentPoint) => `${point.name} ${JSON.stringify(Object.entries(point.attributes).sort())}`;
  const earlier = new Map(before.map((point) => [key(point), point.value]));
  return after.map((point) => ({ ...point, value: point.name.startsWith('prompt_api.quota') ? point.value : point.value - (earlier.get(key(point)) ?? 0) }));
}
