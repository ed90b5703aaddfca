// The trackers' fakes' credentials and names in a module of their own, so factories can set up an integration
// without loading the fakes (the Linear fake builds its GraphQL schema when imported).

export const FAKE_GITHUB_TOKEN = "fake-github-token";
export const FAKE_LINEAR_API_KEY = "lin_api_fake_storyloom_0000000000000000";
export const FAKE_LINEAR_WORKSPACE = "storyloom-demo";
export const FAKE_AZURE_DEVOPS_PAT = "fake-azure-devops-pat";
export const FAKE_AZURE_DEVOPS_ORGANIZATION = "storyloom-demo";
export const FAKE_AZURE_DEVOPS_PROJECT_ID = "6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c";
