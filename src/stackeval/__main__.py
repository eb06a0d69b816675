from stackeval.cli.app import main

main()
