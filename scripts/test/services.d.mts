export function testServiceUrls(env: NodeJS.ProcessEnv): { postgres: string; redis: string };
export function answers(url: string): Promise<boolean>;
export function onCI(env: NodeJS.ProcessEnv): boolean;
export function checkTestServices(env: NodeJS.ProcessEnv): Promise<{
  urls: { postgres: string; redis: string };
  postgres: boolean;
  redis: boolean;
  failures: string[];
  notes: string[];
}>;
