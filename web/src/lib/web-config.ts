/** What the deployment tells the SPA at run time (config.json beside index.html). */
export interface WebConfig {
  googleClientId: string;
  googleAuthUrl: string;
}

let loading: Promise<WebConfig> | undefined;

/** Reads /config.json once; a failed read is tried again next time. */
export function webConfig(): Promise<WebConfig> {
  loading ??= fetch('/config.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error('The shop settings could not be loaded');
      return response.json() as Promise<WebConfig>;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
