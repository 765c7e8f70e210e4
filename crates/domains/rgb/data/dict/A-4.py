'A-4': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': " ┌──┬──┐ \n"  # 0
             " │  │  │ \n"  # 1
             " ├──┼──┤ \n"  # 2
             " │  │  │ \n"  # 3
             " ├──┼──┤ \n"  # 4
             " │  │  │ \n"  # 5
             " │  │  │ \n"  # 6
             " │  │  │ \n"  # 7
             "╶┴──┴──┴╴",   # 8
    'Trucks': [
        Truck(0, Color.Red, Dir.Right, (8, 0)),
        Truck(1, Color.Green, Dir.Left, (8, 8))
    ],
    'Items': {
        Color.Red: [(2, 4)],
        Color.Green: [(4, 4)],
    },
    'Cargos': {
        Color.Red: [(0, 2)],
        Color.Green: [(0, 6)],
    }
},
