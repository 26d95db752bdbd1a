/** User-visible texts of SPEC sections 5 and 8, verbatim. One place so server and client agree. */
export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  loginFieldsRequired: 'Username and password are required',
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  tooManyJobSubmissions: 'You are submitting jobs too quickly. Please wait a moment and try again.',
  unauthorized: 'Authentication required',
  forbidden: 'Access denied. Admin privileges required.',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: 'You need admin privileges to access this page.',
  notFound: 'Not found',
  internalError: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable',

  selectWorkflowFirst: 'Please select a workflow first',
  enterJobName: 'Please enter a job name',
  batchSizeRange: 'Batch size must be between 1 and 999999',
  enterConfigurationName: 'Please enter a configuration name',
  workflowNameRequired: 'Workflow name is required',
  workflowSlugRequired: 'Workflow slug is required',
  atLeastOneOverride: 'At least one override must be configured',
  overrideAlreadyAdded: 'This override is already added',
  enterDeletePassword: 'Please enter the delete confirmation password',
  fillRequiredFields: 'Please fill in all required fields',
  folderNameRequired: 'Folder name is required',

  submitJobFailed: 'Failed to submit job',
  saveConfigurationFailed: 'Failed to save configuration',
  saveChangesFailed: 'Failed to save changes',
  createFolderFailed: 'Failed to create folder. Please try again.',
  updateFolderFailed: 'Failed to update folder. Please try again.',
  deleteFolderFailed: 'Failed to delete folder. Please try again.',
  cloneJobFailed: 'Failed to clone job',
  loadWorkflowFailed: 'Failed to load workflow',
  loadImagesFailed: 'Failed to load images',
  bulkArchiveFailed: 'Failed to archive some images. Please try again.',
  bulkMoveFailed: 'Failed to move some images. Please try again.',
  bulkDownloadFailed: 'Failed to download the selected media. Please try again.',
  workflowNotFound: 'Workflow not found',
  jobNotFound: 'Job not found',
  dashboardLoadFailed: 'Failed to load dashboard data',

  noWorkflowsAvailable: 'No workflows available.',
  noWorkflowsMatch: 'No workflows match your filters.',
  noJobsInQueue: 'No jobs in queue',
  noJobsFound: 'No jobs found',
  noFoldersYet: 'No folders yet. Create your first folder above!',
  noResultsFound: 'No results found',
} as const;

export function requiredFieldMessage(displayName: string): string {
  return `${displayName} is required`;
}

export function jobSubmittedMessage(count: number): string {
  return `Job submitted successfully! Generating ${count} images`;
}
