// Runs after the templates are rendered. The plugin checks the descriptor's validationRegex for -Dflavour only when it
// asks for the value interactively; in batch mode (-B, as the documentation runs it) this is the check: an unknown
// flavour would otherwise silently render the templates' #else branches, the strata flavour.
def flavour = request.properties.get('flavour')
if (!(flavour in ['strata', 'jakarta-data'])) {
  new File(request.outputDirectory, request.artifactId).deleteDir()
  throw new IllegalArgumentException("-Dflavour=" + flavour + " is not a flavour of strata-archetype:"
      + " use -Dflavour=strata (the default: a Strata @Repository) or -Dflavour=jakarta-data (a Jakarta Data repository)")
}
