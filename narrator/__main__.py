from narrator.cli import main

main()
