// The package's name and version, as the meter of its OpenTelemetry instruments names them.
// The telemetry tests check them against package.json (the meter's scope), so a release cannot forget them.

/** The package's name. */
export const PACKAGE_NAME = 'prompt-composer-react';

/** The package's version. */
export const PACKAGE_VERSION = '0.3.0-dev.0';
